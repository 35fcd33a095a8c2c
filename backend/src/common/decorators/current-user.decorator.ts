import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { SessionUser } from '../../users/session-user';

/** The signed-in user that the JWT guard loaded (undefined for a guest on optional routes). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): SessionUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: SessionUser }>().user;
});

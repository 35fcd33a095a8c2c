import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { User } from '../../users/user.entity';

/** The signed-in user that the JWT guard loaded (undefined for a guest on optional routes). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): User | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: User }>().user;
});

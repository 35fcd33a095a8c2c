import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { RequestUser } from '../request-user';

/**
 * The signed-in user that the JWT guard loaded (undefined for a guest on optional routes): the
 * users module's SessionUser, which handlers name as their parameter's type.
 */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): RequestUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: RequestUser }>().user;
});

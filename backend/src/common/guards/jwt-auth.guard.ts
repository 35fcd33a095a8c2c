import { type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { SESSION_INVALID } from '../common.texts';
import { IS_PUBLIC, OPTIONAL_AUTH } from '../decorators/public.decorator';

/** Global guard: every route needs a valid bearer token unless marked @Public() or @OptionalAuth(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const optional = this.reflector.getAllAndOverride<boolean>(OPTIONAL_AUTH, targets);
    const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
    // A guest on an optional route reads as a guest; a bad token there is still refused.
    if (optional && !req.headers.authorization) return true;
    return (await super.canActivate(context)) as boolean;
  }

  /**
   * `err` is set only when the session check itself failed (JwtStrategy.validate threw, e.g. the
   * database is away): that is the server's problem, so it goes on to the exceptions filter
   * (503 for an outage) instead of becoming a 401 that would sign the user out. A bad, expired
   * or revoked token arrives as no user: 401.
   */
  handleRequest<T>(err: unknown, user: T): T {
    if (err) throw err;
    if (!user) throw new UnauthorizedException(SESSION_INVALID);
    return user;
  }
}

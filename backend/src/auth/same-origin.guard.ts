import { type CanActivate, type ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { allowedOrigins, originAllowed } from '../common/net/origin';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FOREIGN_ORIGIN } from './auth.texts';

/**
 * The routes that set or remove the home-page cookie (login, logout) answer only pages of this
 * site: a request whose `Origin` is present and names another site gets 403 with the Turkish
 * message (login CSRF: another site's page signing its visitor in to the attacker's account, with
 * the cookie that makes `/` theirs). The rule is the socket handshake's (common/net/origin.ts):
 * APP_URL, ALLOWED_ORIGINS, Vite's servers in development, or the request's own Host; a request
 * without Origin is no browser page's. Beside it, the API takes JSON bodies only
 * (common/http/json-bodies.ts), which a foreign page cannot send without a preflight.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  private readonly allowed: ReadonlySet<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.allowed = allowedOrigins(config);
  }

  canActivate(context: ExecutionContext): boolean {
    if (originAllowed(context.switchToHttp().getRequest<Request>(), this.allowed)) return true;
    throw new ForbiddenException(FOREIGN_ORIGIN);
  }
}

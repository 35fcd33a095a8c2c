import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { SessionUser } from '../users/session-user';
import { UsersService } from '../users/users.service';
import { JWT_ALGORITHM, jwtKey } from './jwt-key';

export interface JwtPayload {
  sub: string;
  /** The user's session version when the token was issued. */
  ver: number;
  /** Expiry, seconds since the epoch: set by the signer, required by validate. */
  exp?: number;
  iat?: number;
}

/** The scope claim of the home-page cookie's token (home-session.ts); a bearer token has none. */
export const HOME_SCOPE = 'home';

/** A scoped token (the home-page cookie's) is good for nothing but `/`: never a bearer or a socket's. */
export function isHomeToken(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && (payload as { scope?: unknown }).scope !== undefined;
}

/**
 * Loads the user on every request, so a deactivated or deleted account, or one whose password
 * was reset since the token was issued, is refused at once rather than when the token expires.
 * Only such an answer ends a session (401): when the lookup itself fails (the database is away)
 * the error goes on to the exceptions filter, which answers 503, and the client keeps its token.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      ignoreExpiration: false,
      // passport-jwt hands the key to jsonwebtoken as is, which takes a KeyObject (see jwt-key.ts);
      // its type definitions only list string and Buffer.
      secretOrKey: jwtKey(config.jwtSecret) as unknown as string,
      algorithms: [JWT_ALGORITHM],
    });
  }

  async validate(payload: JwtPayload): Promise<SessionUser | false> {
    if (typeof payload?.sub !== 'string') return false;
    // The home-page cookie's token (home-session.ts) is good for nothing but `/`.
    if (isHomeToken(payload)) return false;
    // jsonwebtoken checks `exp` only when the token has one: a token signed without it (by a
    // tool, or a leaked key used by hand) would never expire. Ours always carry it.
    if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return false;
    const user = await this.users.findForSession(payload.sub);
    if (!user || !user.isActive || user.sessionVersion !== payload.ver) return false;
    return user;
  }
}

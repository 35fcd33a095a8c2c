import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

export interface JwtPayload {
  sub: string;
  /** The user's session version when the token was issued. */
  ver: number;
}

/**
 * Loads the user on every request, so a deactivated or deleted account, or one whose password
 * was reset since the token was issued, is refused at once rather than when the token expires.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
  ) {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), ignoreExpiration: false, secretOrKey: config.jwtSecret });
  }

  async validate(payload: JwtPayload): Promise<User | false> {
    if (typeof payload?.sub !== 'string') return false;
    const user = await this.users.findForSession(payload.sub).catch(() => null);
    if (!user || !user.isActive || user.sessionVersion !== payload.ver) return false;
    return user;
  }
}

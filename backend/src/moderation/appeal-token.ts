import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** How long a suspended login's appeal token opens the notices and the appeal form. */
export const APPEAL_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * The suspended member's way to their notices and appeal without a session: the login refused
 * for a suspension (right password only) answers a token `<userId>.<expiry>.<HMAC>` signed with
 * the server's JWT secret under its own label (`appeal:`), so it can never pass for a session
 * token nor a session token for it. It reads only that account's notices and sends only appeals of
 * that account's actions (one per action, as with a session); it is stateless, so nothing is
 * stored and any node checks it.
 */
@Injectable()
export class AppealTokens {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(`appeal:${payload}`).digest('base64url');
  }

  issue(userId: string, now = Date.now()): string {
    const payload = `${userId}.${now + APPEAL_TOKEN_TTL_MS}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The account's id, or null for a forged, malformed or expired token. */
  verify(token: unknown): string | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, userId, expiry, mac] = match;
    const expected = Buffer.from(this.sign(`${userId}.${expiry}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Number(expiry) > Date.now() ? userId : null;
  }
}

import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import type { SessionUser } from '../users/session-user';
import { UsersService } from '../users/users.service';
import { HOME_SCOPE, type JwtPayload } from './jwt.strategy';

/**
 * The cookie by which a member's browser asks for `/` (docs/architecture.md#the-home-page-cookie).
 * The app's credential is the bearer token in localStorage, which a page request cannot carry; so
 * `/` could not tell a member from a guest, and a member's screen waited for the script, then for
 * GET /api/auth/me and the timeline, before its feed (issue 13: the member's largest paint). With
 * this cookie the server puts the member's account and first timeline page in `/` itself.
 *
 * It holds a token of its own, scoped `home`: JwtStrategy refuses it as a bearer, and nothing but
 * the SPA's `GET /` reads it, so the cookie authorises no API call and no write (no CSRF surface).
 * HttpOnly (no script reads it), SameSite=Lax, Secure on https; it ends with the bearer token it
 * was issued beside, and with the same session version (a password change or deactivation ends it).
 */
export const HOME_COOKIE = 'gundem_home';

interface HomePayload extends JwtPayload {
  scope?: string;
}

/** What `/`'s cookie says: none, a live member session, or a cookie to remove. */
export type HomeSession = { kind: 'none' } | { kind: 'member'; user: SessionUser } | { kind: 'invalid' };

@Injectable()
export class HomeSessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: UsersService,
  ) {}

  /** Sets the cookie for the session of `bearer` (a token this server signed), ending when it ends. */
  issue(req: Request, res: Response, bearer: string): void {
    const payload = this.jwt.decode<JwtPayload | null>(bearer);
    if (!payload || typeof payload.exp !== 'number') return;
    const seconds = Math.floor(payload.exp - Date.now() / 1000);
    if (seconds <= 0) return;
    const home: HomePayload = { sub: payload.sub, ver: payload.ver, scope: HOME_SCOPE };
    res.cookie(HOME_COOKIE, this.jwt.sign(home, { expiresIn: seconds }), { ...cookieOptions(req), maxAge: seconds * 1000 });
  }

  /**
   * Sets the cookie unless the request already carries one for the same account and session
   * version (GET /api/auth/me: sessions that began before the cookie existed, or on another node's
   * older build, get it at their next check).
   */
  ensure(req: Request, res: Response, bearer: string): void {
    const current = readCookie(req);
    const mine = this.jwt.decode<JwtPayload | null>(bearer);
    const theirs = current ? this.jwt.decode<HomePayload | null>(current) : null;
    if (mine && theirs && theirs.sub === mine.sub && theirs.ver === mine.ver && theirs.scope === HOME_SCOPE) return;
    this.issue(req, res, bearer);
  }

  clear(req: Request, res: Response): void {
    res.clearCookie(HOME_COOKIE, cookieOptions(req));
  }

  /**
   * The member the cookie names, checked as a bearer token is (signature, expiry, account active,
   * session version), through the same per-node session cache.
   */
  async resolve(req: Request): Promise<HomeSession> {
    const token = readCookie(req);
    if (!token) return { kind: 'none' };
    let payload: HomePayload;
    try {
      payload = this.jwt.verify<HomePayload>(token);
    } catch {
      return { kind: 'invalid' };
    }
    if (payload.scope !== HOME_SCOPE || typeof payload.sub !== 'string') return { kind: 'invalid' };
    const user = await this.users.findForSession(payload.sub);
    if (!user || !user.isActive || user.sessionVersion !== payload.ver) return { kind: 'invalid' };
    return { kind: 'member', user };
  }
}

function readCookie(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parse(header)[HOME_COOKIE] || undefined;
}

function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' };
}

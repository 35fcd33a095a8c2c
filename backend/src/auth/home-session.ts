import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import type { SessionUser } from '../users/session-user';
import { UsersService } from '../users/users.service';
import { HOME_SCOPE, type JwtPayload } from './jwt.strategy';
import { UserTokensRepository } from './user-tokens.repository';

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
 *
 * Each cookie is a session of its own on the server: its token carries a random id (`jti`) whose
 * SHA-256 is a `home_session` row of `user_tokens`, and `/` reads the member only while that row
 * is there. Logout removes the row, so a copy of the cookie taken before it renders nothing after
 * it (the cookie's 7 days no longer outlive the logout). A token without `exp` or `jti` is refused
 * as a bearer token without `exp` is (jwt.strategy.ts).
 */
export const HOME_COOKIE = 'gundem_home';

interface HomePayload extends JwtPayload {
  scope?: string;
  /** The session's id; its SHA-256 is the `home_session` row. */
  jti?: string;
}

const HOME_SESSION = 'home_session';
/**
 * Live cookies kept per member (browsers and devices); issuing one more forgets the oldest, whose
 * `/` is then the guests' page until GET /api/auth/me sets a new one. Bounds the rows a client that
 * never keeps the cookie (a script calling /api/auth/me) can make.
 */
export const HOME_SESSIONS_PER_MEMBER = 20;

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** What `/`'s cookie says: none, a live member session, or a cookie to remove. */
export type HomeSession = { kind: 'none' } | { kind: 'member'; user: SessionUser } | { kind: 'invalid' };

@Injectable()
export class HomeSessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly tokens: UserTokensRepository,
  ) {}

  /**
   * Sets the cookie for the session of `bearer` (a token this server signed), ending when it ends,
   * and stores its session row (forgetting the member's expired ones, and all but their newest
   * HOME_SESSIONS_PER_MEMBER).
   */
  async issue(req: Request, res: Response, bearer: string): Promise<void> {
    const payload = this.jwt.decode<JwtPayload | null>(bearer);
    if (!payload || typeof payload.exp !== 'number' || typeof payload.sub !== 'string') return;
    const seconds = Math.floor(payload.exp - Date.now() / 1000);
    if (seconds <= 0) return;
    const jti = randomBytes(16).toString('base64url');
    await this.tokens.prune(payload.sub, HOME_SESSION, HOME_SESSIONS_PER_MEMBER - 1);
    await this.tokens.insert(payload.sub, HOME_SESSION, digest(jti), new Date(payload.exp * 1000));
    const home: HomePayload = { sub: payload.sub, ver: payload.ver, scope: HOME_SCOPE, jti };
    res.cookie(HOME_COOKIE, this.jwt.sign(home, { expiresIn: seconds }), { ...cookieOptions(req), maxAge: seconds * 1000 });
  }

  /**
   * Sets the cookie unless the request already carries one for the same account and session
   * version (GET /api/auth/me: sessions that began before the cookie existed, or on another node's
   * older build, get it at their next check).
   */
  async ensure(req: Request, res: Response, bearer: string): Promise<void> {
    const current = readCookie(req);
    const mine = this.jwt.decode<JwtPayload | null>(bearer);
    const theirs = current ? this.jwt.decode<HomePayload | null>(current) : null;
    if (mine && theirs && theirs.sub === mine.sub && theirs.ver === mine.ver && theirs.scope === HOME_SCOPE && typeof theirs.jti === 'string') return;
    await this.issue(req, res, bearer);
  }

  /** Removes the cookie from this browser (one `/` refused). */
  clear(req: Request, res: Response): void {
    res.clearCookie(HOME_COOKIE, cookieOptions(req));
  }

  /**
   * Logout: ends the cookie's session on the server (its row is removed, so any copy of the
   * cookie stops working) and removes it from this browser. A cookie that does not verify names
   * no session of ours and is only removed.
   */
  async end(req: Request, res: Response): Promise<void> {
    const payload = this.verify(readCookie(req), { ignoreExpiration: true });
    if (payload) await this.tokens.remove(HOME_SESSION, digest(payload.jti));
    this.clear(req, res);
  }

  /**
   * The member the cookie names, checked as a bearer token is (signature, expiry, account active,
   * session version), through the same per-node session cache, and its session row still there
   * (not logged out).
   */
  async resolve(req: Request): Promise<HomeSession> {
    const token = readCookie(req);
    if (!token) return { kind: 'none' };
    const payload = this.verify(token);
    if (!payload) return { kind: 'invalid' };
    const user = await this.users.findForSession(payload.sub);
    if (!user || !user.isActive || user.sessionVersion !== payload.ver) return { kind: 'invalid' };
    if (!(await this.tokens.isLive(user.id, HOME_SESSION, digest(payload.jti)))) return { kind: 'invalid' };
    return { kind: 'member', user };
  }

  /** The payload of a home-page token of ours (signature, scope, `exp` and `jti` present), or null. */
  private verify(token: string | undefined, options: { ignoreExpiration?: boolean } = {}): (HomePayload & { sub: string; exp: number; jti: string }) | null {
    if (!token) return null;
    let payload: HomePayload;
    try {
      payload = this.jwt.verify<HomePayload>(token, options);
    } catch {
      return null;
    }
    // jsonwebtoken checks `exp` only when the token has one: a cookie signed without it would never expire.
    if (payload.scope !== HOME_SCOPE || typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return null;
    if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 64) return null;
    return payload as HomePayload & { sub: string; exp: number; jti: string };
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

// A member's `/` carries their account and first timeline page (the server's
// backend/src/common/spa/member-home-page.ts, chosen by the home-page cookie it sets at login):
// the app then starts signed in and renders the feed with its first render, instead of showing a
// splash until GET /api/auth/me and the timeline have answered after the script (issue 13:
// docs/performance.md#lighthouse-the-page-on-a-phone-issue-13).
import { createContext, useContext } from 'react';
import { getToken } from './api-client';
import type { PostsPage, User } from './types';

/** Keep equal to MEMBER_STATE_ELEMENT_ID in backend/src/common/spa/member-home-page.ts. */
export const MEMBER_STATE_ELEMENT_ID = 'gundem-member-state';

export interface MemberState {
  sub: string;
  user: User;
  page: PostsPage;
}

/**
 * The state a member's `/` was made with, for the app's first render: main.tsx provides what the
 * page carries (readMemberState), the server's render (entry-server.tsx) the state it embeds, so
 * both renders see the same and the server's concurrent renders never share it. Without a
 * provider (tests), the page's block is read directly.
 */
export const MemberStateContext = createContext<MemberState | null>(null);

/** The state for this render: the provided one, else (in a browser) the page's. */
export function useMemberState(): MemberState | null {
  const provided = useContext(MemberStateContext);
  return provided ?? readMemberState();
}

let state: MemberState | null | undefined;
/** When the page's state was read (its first page's age for the timeline query). */
let readAt = 0;
/** States whose first page the timeline query has taken (each is initial data once). */
const taken = new WeakSet<MemberState>();

/** The `sub` claim of a JWT, read without checking it (the server checked the cookie's). */
export function tokenSubject(token: string): string | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * The state in the page, read once (the element is removed), and only when it is the stored
 * token's account: a token changed in another tab since the cookie was set leaves the app to ask
 * the API. Null outside a browser.
 */
export function readMemberState(): MemberState | null {
  if (state !== undefined) return state;
  state = null;
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(MEMBER_STATE_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  const token = getToken();
  if (!token) return null;
  try {
    const parsed = JSON.parse(element.textContent ?? '') as Partial<MemberState>;
    if (!parsed.user || !parsed.page || parsed.sub !== tokenSubject(token)) return null;
    state = parsed as MemberState;
    readAt = Date.now();
  } catch {
    state = null;
  }
  return state;
}

/** The state's first timeline page, once per state, with when it was read (now, on the server). */
export function takeMemberPage(from: MemberState | null): { page: PostsPage; at: number } | null {
  if (!from || taken.has(from)) return null;
  taken.add(from);
  return { page: from.page, at: from === state ? readAt : Date.now() };
}

/** Tests: forget what was read. */
export function resetMemberState(): void {
  state = undefined;
}

// A member's `/` carries their account and first timeline page (the server's
// backend/src/common/spa/member-home-page.ts, chosen by the home-page cookie it sets at login):
// the app then starts signed in and renders the feed with its first render, instead of showing a
// splash until GET /api/auth/me and the timeline have answered after the script (issue 13:
// docs/performance.md#lighthouse-the-page-on-a-phone-issue-13).
import { getToken } from './api-client';
import type { PostsPage, User } from './types';

/** Keep equal to MEMBER_STATE_ELEMENT_ID in backend/src/common/spa/member-home-page.ts. */
export const MEMBER_STATE_ELEMENT_ID = 'gundem-member-state';

interface MemberState {
  sub: string;
  user: User;
  page: PostsPage;
}

let state: MemberState | null | undefined;
let page: { page: PostsPage; at: number } | null = null;

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
 * The state in the page, once (the element is removed), and only when it is the stored token's
 * account: a token changed in another tab since the cookie was set leaves the app to ask the API.
 */
function read(): MemberState | null {
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
    page = { page: state.page, at: Date.now() };
  } catch {
    state = null;
  }
  return state;
}

/** The signed-in user the page was made for, or null (AuthProvider's first state). */
export function memberFromPage(): User | null {
  return read()?.user ?? null;
}

/** The member's first timeline page from the page, once, with when it was read. */
export function takeMemberPage(): { page: PostsPage; at: number } | null {
  read();
  const taken = page;
  page = null;
  return taken;
}

/** Tests: forget what was read. */
export function resetMemberState(): void {
  state = undefined;
  page = null;
}

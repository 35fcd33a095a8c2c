import { screen } from '@testing-library/react';
import { TimelineFeed } from '../components/timeline-feed';
import { prefetchTimeline } from './get-timeline';
import { makePost, page } from '../../../test/fixtures';
import { createTestQueryClient, member, renderWithProviders } from '../../../test/render';
import { useAuth } from '../../../lib/auth';
import { MEMBER_STATE_ELEMENT_ID, resetMemberState, tokenSubject } from '../../../lib/member-state';

/*
 * A member's `/` comes with their account and first timeline page
 * (backend/src/common/spa/member-home-page.ts): the app starts signed in and renders the feed
 * without GET /api/auth/me or the timeline, but only for the stored token's own account.
 */

/** A token as the server's look: three base64url parts, the middle one the claims. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.imza`;
}

function embed(sub: string, content: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = MEMBER_STATE_ELEMENT_ID;
  element.textContent = JSON.stringify({ sub, user: member, page: page([makePost({ _id: 'm1', content, liked: true })]) }).replace(/</g, '\\u003c');
  document.body.append(element);
}

function Session() {
  const { status, user } = useAuth();
  return <p data-testid="session">{status === 'authenticated' ? `@${user?.username}` : status}</p>;
}

const api = {
  'GET /api/auth/me': { body: { user: member } },
  'GET /api/posts/timeline': { body: page([makePost({ _id: 'api1', content: 'API’den gelen' })]) },
  // A member's `Size özel` is the ranked feed (issue 26).
  'GET /api/posts/timeline/ranked': { body: page([makePost({ _id: 'api1', content: 'API’den gelen' })]) },
};

describe('a member’s state embedded in /', () => {
  beforeEach(() => resetMemberState());
  afterEach(() => document.getElementById(MEMBER_STATE_ELEMENT_ID)?.remove());

  it('reads a token’s subject, and nothing from a malformed token', () => {
    expect(tokenSubject(jwt({ sub: 'u-ayse-1', ver: 0 }))).toBe('u-ayse-1');
    expect(tokenSubject('tek-parça')).toBeNull();
    expect(tokenSubject('a.!!!.b')).toBeNull();
    expect(tokenSubject(jwt({ ver: 0 }))).toBeNull();
  });

  it('starts signed in and renders the feed from it: no session check, no timeline request', async () => {
    localStorage.setItem('gundem_token', jwt({ sub: member.id, ver: 0 }));
    embed(member.id!, 'Sayfayla gelen üye akışı');
    prefetchTimeline();
    expect(document.getElementById(MEMBER_STATE_ELEMENT_ID)).toBeNull();
    // The app's 30 s staleTime (app/providers.tsx): the page is as fresh as a fetched one.
    const queryClient = createTestQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, staleTime: 30_000 } });
    const { calls } = renderWithProviders(
      <>
        <Session />
        <TimelineFeed />
      </>,
      { fetch: api, queryClient },
    );
    expect(screen.getByTestId('session').textContent).toBe('@ayse');
    expect(await screen.findByText('Sayfayla gelen üye akışı')).toBeTruthy();
    // Its own flags came with it.
    expect(screen.getByRole('button', { name: 'Beğen' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('is ignored when the stored token is another account’s: the session is checked as before', async () => {
    localStorage.setItem('gundem_token', jwt({ sub: 'u-baska', ver: 0 }));
    embed(member.id!, 'Başka hesabın akışı');
    renderWithProviders(
      <>
        <Session />
        <TimelineFeed />
      </>,
      { fetch: api },
    );
    // The screen waits for the check (RootLayout's splash).
    expect(screen.queryByTestId('session')).toBeNull();
    expect(await screen.findByText('API’den gelen')).toBeTruthy();
    expect(screen.getByTestId('session').textContent).toBe('@ayse');
    expect(screen.queryByText('Başka hesabın akışı')).toBeNull();
  });

  it('is ignored without a stored token (a guest after logout in another tab)', async () => {
    embed(member.id!, 'Çıkış yapılmış akış');
    renderWithProviders(
      <>
        <Session />
        <TimelineFeed />
      </>,
      { fetch: api },
    );
    expect(screen.getByTestId('session').textContent).toBe('guest');
    expect(await screen.findByText('API’den gelen')).toBeTruthy();
    expect(screen.queryByText('Çıkış yapılmış akış')).toBeNull();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiClient } from '../../lib/api-client';
import { AuthProvider, retryDelay, useAuth } from '../../lib/auth';
import { tr } from '../../locales/tr';
import { mockFetch, type MockReply } from '../../test/fetch-mock';
import { member } from '../../test/render';
import { RootLayout } from './root-layout';

const OUTAGE: MockReply = {
  status: 503,
  body: { message: 'Veritabanına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.', statusCode: 503 },
  headers: { 'Retry-After': '5' },
};

/** A page under the real RootLayout: who is signed in, and a button that makes one API call. */
function SessionProbe() {
  const { user, status } = useAuth();
  return (
    <div>
      <p data-testid="session">{status === 'authenticated' ? `@${user?.username}` : status}</p>
      <button type="button" onClick={() => void apiClient.get('/posts/timeline').catch(() => undefined)}>
        yükle
      </button>
    </div>
  );
}

function renderRoot() {
  render(
    <AuthProvider>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="*" element={<SessionProbe />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}

/** Lets pending fetches settle and the retry timers run, as far as `ms` of (fake) time. */
async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}


function session() {
  return screen.queryByTestId('session')?.textContent ?? null;
}

describe('session across an outage (RootLayout + AuthProvider)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });

  it.each([
    ['the database is away (503 + Retry-After)', OUTAGE],
    ['the server cannot be reached', { networkError: true }],
    ['the server fails (500)', { status: 500, body: { message: 'Sunucuda beklenmeyen bir hata oluştu.', statusCode: 500 } }],
  ])('at start, when %s: keeps the token, shows the banner, retries and signs in once it answers', async (_case, failure) => {
    localStorage.setItem('gundem_token', 'gecerli');
    let failuresLeft = 2;
    const { calls } = mockFetch({
      'GET /api/auth/me': () => (failuresLeft-- > 0 ? failure : { body: { user: member } }),
    });
    renderRoot();
    await elapse(0);
    expect(localStorage.getItem('gundem_token')).toBe('gecerli');
    expect(screen.getByRole('status', { name: tr.auth.sessionChecking })).toBeTruthy();
    expect(screen.getByText(tr.app.offline).closest('[role="status"]')).toBeTruthy();
    expect(calls).toHaveLength(1);

    await elapse(retryDelay(0));
    expect(calls).toHaveLength(2);
    expect(localStorage.getItem('gundem_token')).toBe('gecerli');
    await elapse(retryDelay(1));
    expect(calls).toHaveLength(3);
    expect(calls.every((call) => call.headers.Authorization === 'Bearer gecerli')).toBe(true);

    // Signed in with the same token, no login needed, banner gone.
    expect(session()).toBe('@ayse');
    expect(screen.queryByText(tr.app.offline)).toBeNull();
    expect(localStorage.getItem('gundem_token')).toBe('gecerli');
  });

  it('at start, drops the token and shows the guest interface on a 401', async () => {
    localStorage.setItem('gundem_token', 'suresi-dolmus');
    const { calls } = mockFetch({
      'GET /api/auth/me': { status: 401, body: { message: 'Oturum geçersiz', statusCode: 401 } },
      'POST /api/auth/logout': { status: 204 },
    });
    renderRoot();
    await elapse(0);
    expect(session()).toBe('guest');
    expect(localStorage.getItem('gundem_token')).toBeNull();
    expect(screen.queryByText(tr.app.offline)).toBeNull();
    // Not asked again: a refused token is final. The home-page cookie is asked to go with it.
    await elapse(retryDelay(5));
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/auth/me', 'POST /api/auth/logout']);
  });

  it('signed in, an outage on any call shows the banner and keeps the session; it clears when /auth/me answers', async () => {
    localStorage.setItem('gundem_token', 'gecerli');
    let down = false;
    const { calls } = mockFetch({
      'GET /api/auth/me': () => (down ? OUTAGE : { body: { user: member } }),
      'GET /api/posts/timeline': () => (down ? OUTAGE : { body: { posts: [], nextCursor: null } }),
    });
    renderRoot();
    await elapse(0);
    expect(session()).toBe('@ayse');

    down = true;
    fireEvent.click(screen.getByRole('button', { name: 'yükle' }));
    await elapse(0);
    expect(screen.getByText(tr.app.offline)).toBeTruthy();
    expect(session()).toBe('@ayse');
    expect(localStorage.getItem('gundem_token')).toBe('gecerli');

    // Retried with backoff while it stays down…
    await elapse(retryDelay(0));
    const meCalls = () => calls.filter((call) => call.url === '/api/auth/me').length;
    expect(meCalls()).toBe(2);
    expect(screen.getByText(tr.app.offline)).toBeTruthy();
    // …and back on its own once it answers.
    down = false;
    await elapse(retryDelay(1));
    expect(meCalls()).toBe(3);
    expect(screen.queryByText(tr.app.offline)).toBeNull();
    expect(session()).toBe('@ayse');
    expect(localStorage.getItem('gundem_token')).toBe('gecerli');
  });

  it('signed in, a 401 on any call signs out and drops the token', async () => {
    localStorage.setItem('gundem_token', 'gecerli');
    mockFetch({
      'GET /api/auth/me': { body: { user: member } },
      'GET /api/posts/timeline': { status: 401, body: { message: 'Oturum geçersiz', statusCode: 401 } },
    });
    renderRoot();
    await elapse(0);
    expect(session()).toBe('@ayse');
    fireEvent.click(screen.getByRole('button', { name: 'yükle' }));
    await elapse(0);
    expect(session()).toBe('guest');
    expect(localStorage.getItem('gundem_token')).toBeNull();
    expect(screen.queryByText(tr.app.offline)).toBeNull();
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost, page } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { TimelineFeed } from './timeline-feed';

describe('Timeline states', () => {
  it('starts with a spinner and shows the posts when they arrive', async () => {
    renderWithProviders(<TimelineFeed />, {
      fetch: { 'GET /api/posts/timeline': { body: page([makePost({ content: 'İlk' })]) } },
    });
    // Loading is true from the first render, before any answer.
    expect(screen.getByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    expect(await screen.findByText('İlk')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Yükleniyor…' })).toBeNull();
    expect(screen.getByRole('feed', { name: 'Gönderi akışı' })).toBeTruthy();
  });

  it('says there are no posts yet for an empty timeline', async () => {
    renderWithProviders(<TimelineFeed />, {
      fetch: { 'GET /api/posts/timeline': { body: page([]) } },
    });
    expect(await screen.findByRole('heading', { name: 'Henüz gönderi yok' })).toBeTruthy();
    expect(screen.queryByRole('feed')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows "Gönderiler yüklenemedi" when the server fails, and closes the banner', async () => {
    renderWithProviders(<TimelineFeed />, {
      fetch: {
        'GET /api/posts/timeline': { status: 500, body: { message: 'İç hata', statusCode: 500 } },
      },
    });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Gönderiler yüklenemedi');
    expect(screen.queryByRole('heading', { name: 'Henüz gönderi yok' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows "Bağlantı hatası" when the network fails, and retries', async () => {
    let reply: { networkError?: boolean; body?: unknown } = { networkError: true };
    renderWithProviders(<TimelineFeed />, {
      fetch: { 'GET /api/posts/timeline': () => reply },
    });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Bağlantı hatası');
    expect(banner.textContent).not.toContain('Gönderiler yüklenemedi');

    reply = { body: page([makePost({ content: 'Geri geldik' })]) };
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Geri geldik')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the bearer only when a token exists', async () => {
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: { 'GET /api/posts/timeline': { body: page([]) } },
    });
    await screen.findByRole('heading', { name: 'Henüz gönderi yok' });
    const timeline = calls.find((call) => call.url.startsWith('/api/posts/timeline'));
    expect(timeline?.headers.Authorization).toBe('Bearer tok-test');
    // A member's home feed is the ranked `Size özel` (issue 26).
    expect(timeline?.url).toBe('/api/posts/timeline/ranked?limit=20');
  });
});

describe('Timeline paging', () => {
  const first = page([makePost({ _id: 'a', content: 'Birinci sayfa' })], 'c1');
  const second = page([makePost({ _id: 'b', content: 'İkinci sayfa' })], null);

  it('loads the next page with the cursor from the "Daha fazla yükle" button', async () => {
    const { calls } = renderWithProviders(<TimelineFeed />, {
      fetch: {
        'GET /api/posts/timeline/ranked': (_init, url) => ({
          body: url.includes('cursor=c1') ? second : first,
        }),
      },
    });
    await screen.findByText('Birinci sayfa');
    await userEvent.click(screen.getByRole('button', { name: 'Daha fazla yükle' }));
    expect(await screen.findByText('İkinci sayfa')).toBeTruthy();
    expect(calls[1].url).toBe('/api/posts/timeline/ranked?limit=20&cursor=c1');
    // The last page has no cursor: no more button, the end is marked.
    expect(screen.queryByRole('button', { name: 'Daha fazla yükle' })).toBeNull();
    expect(screen.getByText('Hepsi bu kadar.')).toBeTruthy();
    expect(screen.getAllByTestId('post-card')).toHaveLength(2);
  });

  it('loads the next page when the sentinel scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.target = target;
        }
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    const { calls } = renderWithProviders(<TimelineFeed />, {
      fetch: {
        'GET /api/posts/timeline': (_init, url) => ({
          body: url.includes('cursor=c1') ? second : first,
        }),
      },
    });
    await screen.findByText('Birinci sayfa');
    await waitFor(() => expect(observers.some((o) => o.target)).toBe(true));
    const observer = observers.filter((o) => o.target).at(-1)!;
    await act(async () => {
      observer.callback(
        [{ isIntersecting: true, target: observer.target } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    });
    expect(await screen.findByText('İkinci sayfa')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('cursor=c1'))).toBe(true);
  });
});

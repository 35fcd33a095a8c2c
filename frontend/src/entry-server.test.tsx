import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { renderGuestHome } from './entry-server';
import { FIRST_PAGE_ELEMENT_ID, prefetchTimeline } from './features/posts/api/get-timeline';
import { FIRST_PAINT_CARDS } from './features/posts/components/post-feed';
import { formatFullDate } from './lib/format';
import { RenderClock } from './lib/render-clock';
import { mockFetch } from './test/fetch-mock';
import { makePost, page } from './test/fixtures';

/*
 * The server's render of a guest's `/` (issue 13) and the browser's hydration of it, as main.tsx
 * does it: the same tree, the same first page (the data block), the server's moment (data-now).
 */
const NOW = Date.parse('2026-11-26T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const posts = [
  makePost({ _id: 's1', content: 'Sunucudan ilk gönderi <b>kalın değil</b>', createdAt: minutesAgo(5) }),
  ...Array.from({ length: 9 }, (_, index) => makePost({ _id: `s${index + 2}`, content: `Gönderi ${index + 2}`, createdAt: minutesAgo(10 + index) })),
];
const pageJson = JSON.stringify(page(posts, 'sonraki'));

describe('renderGuestHome', () => {
  it('renders the guest’s home screen with the page’s first screenful of cards', () => {
    const container = document.createElement('div');
    container.innerHTML = renderGuestHome(pageJson, NOW);
    const cards = container.querySelectorAll('article[data-testid="post-card"]');
    expect(cards).toHaveLength(FIRST_PAINT_CARDS);
    expect(cards[0].textContent).toContain('Sunucudan ilk gönderi <b>kalın değil</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('Gündeme sen de katıl');
    // Every part of the shell: the server knows no width, the CSS shows the parts of the width.
    for (const part of ['aside.left-sidebar', 'header.mobile-header', 'aside.right-sidebar', 'nav.bottom-nav']) {
      expect([part, container.querySelector(part) !== null]).toEqual([part, true]);
    }
  });

  it('writes the times of the moment it is given, without a zoned date, and no style attribute (CSP)', () => {
    const html = renderGuestHome(pageJson, NOW);
    const container = document.createElement('div');
    container.innerHTML = html;
    const times = [...container.querySelectorAll('article time')];
    expect(times.map((time) => time.textContent)).toEqual(['5m', '10m', '11m', '12m', '13m', '14m']);
    expect(times.some((time) => time.hasAttribute('title'))).toBe(false);
    expect(renderGuestHome(pageJson, NOW + 60 * 60_000)).toContain('>1h</time>');
    expect(html).not.toMatch(/\sstyle="/);
  });
});

describe('hydrating the server’s render', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  it('keeps the server’s markup with no recoverable error or console error, then shows every card at the device’s clock', async () => {
    mockFetch({
      'GET /api/trending/hashtags': { body: { hashtags: [] } },
      'GET /api/trending/users': { body: { users: [] } },
      'GET /api/health': { body: { status: 'ok' } },
    });
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = renderGuestHome(pageJson, NOW);
    document.body.append(container);
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = FIRST_PAGE_ELEMENT_ID;
    block.textContent = pageJson.replace(/</g, '\\u003c');
    document.body.append(block);
    const firstCard = container.querySelector('article');

    const recoverable: unknown[] = [];
    prefetchTimeline();
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <RenderClock serverNow={NOW}>
            <App />
          </RenderClock>
        </StrictMode>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(posts.length));
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not replaced: the first card is the server's element.
    expect(container.querySelector('article')).toBe(firstCard);
    // After hydration the device's clock: the full date is in the title, and the time is of now.
    const time = container.querySelector('article time')!;
    expect(time.getAttribute('title')).toBe(formatFullDate(posts[0].createdAt));
    expect(time.textContent).not.toBe('5m');
  });
});

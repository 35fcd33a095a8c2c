import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { GUEST_PAGES, renderGuestHome, renderGuestPage, renderMemberHome, warmGuestPages, warmMemberHome } from './entry-server';
import { FIRST_PAGE_ELEMENT_ID, prefetchTimeline } from './features/posts/api/get-timeline';
import { FIRST_PAINT_CARDS } from './features/posts/components/post-feed';
import { formatFullDate } from './lib/format';
import { RenderClock } from './lib/render-clock';
import { mockFetch } from './test/fetch-mock';
import { makePost, page } from './test/fixtures';
import { member } from './test/render';

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
    expect(container.textContent).toContain('Gündeme siz de katılın');
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
    expect(times.map((time) => time.textContent)).toEqual(['5dk', '10dk', '11dk', '12dk', '13dk', '14dk']);
    expect(times.some((time) => time.hasAttribute('title'))).toBe(false);
    expect(renderGuestHome(pageJson, NOW + 60 * 60_000)).toContain('>1sa</time>');
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
    expect(time.textContent).not.toBe('5dk');
  });
});

describe('renderMemberHome', () => {
  /** A member's state as the server embeds it: their account and a first page with a post of their own. */
  const stateOf = (username: string) => {
    const user = { ...member, _id: `u-${username}`, id: `u-${username}`, username, displayName: username.toUpperCase() };
    const own = makePost({ _id: `own-${username}`, content: `${username} kendi gönderisi`, createdAt: minutesAgo(3), author: { ...posts[0].author, _id: user._id, id: user.id, username, displayName: user.displayName } });
    return JSON.stringify({ sub: user.id, user, page: page([own, ...posts.slice(0, 3)], null) });
  };

  it('renders the member’s own screen, with the parts that load on demand already in it', async () => {
    await warmMemberHome();
    const html = renderMemberHome(stateOf('zeynep'), NOW);
    const container = document.createElement('div');
    container.innerHTML = html;
    expect(container.querySelector('.user-card__handle')?.textContent).toBe('@zeynep');
    expect(container.querySelector('textarea[aria-label="Gönderi metni"]')).not.toBeNull();
    expect(container.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Size özel');
    // The ⋯ menu of their own post, in place: no part left to the browser, no inline script.
    expect(container.querySelector(`article[data-post-id="own-zeynep"] [data-testid="post-menu-button"]`)).not.toBeNull();
    expect(html).not.toMatch(/<script|<!--\$[?!]-->/);
    expect(container.textContent).not.toContain('Gündeme siz de katılın');
  });

  it('keeps each render to its own member (the state goes by context, not module state)', async () => {
    await warmMemberHome();
    const [a, b] = [renderMemberHome(stateOf('zeynep'), NOW), renderMemberHome(stateOf('mert'), NOW)];
    expect(a).toContain('zeynep kendi gönderisi');
    expect(a).not.toContain('mert');
    expect(b).toContain('mert kendi gönderisi');
    expect(b).not.toContain('zeynep');
    // And a guest's render after them knows no member.
    expect(renderGuestHome(pageJson, NOW)).not.toMatch(/zeynep|mert/);
  });
});

// Its hydration is a browser test (test/e2e/ssr.test.ts): in one process a prerender leaves React
// Router's contexts set for the client renderer that follows it, which no browser meets.
describe('renderGuestPage', () => {
  const exploreData = (tags: string[]) =>
    JSON.stringify({
      trends: tags.map((hashtag, index) => ({ hashtag, postCount: 1500 - index, engagementScore: 0 })),
      users: [{ _id: 'u-elif', id: 'u-elif', username: 'elif', displayName: 'Elif Şahin', isVerified: false, profileImage: null, bio: '' }],
    });

  it('renders a guest’s Explore from its data (the real trends and suggestions), its lazy screen in place, once warmGuestPages has loaded it', async () => {
    await warmGuestPages();
    const container = document.createElement('div');
    container.innerHTML = renderGuestPage('/explore', NOW, exploreData(['deprem', 'kitapönerisi', 'çay', 'derbi']));
    expect(container.querySelector('h1')?.textContent).toBe('Keşfet');
    const cards = [...container.querySelectorAll('.topic-card')];
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/hashtag/deprem', '/hashtag/kitapönerisi', '/hashtag/çay', '/hashtag/derbi']);
    expect(cards[0].textContent).toContain('1.5K gönderi');
    expect(container.querySelector('[data-testid="suggested-accounts"] a[href="/profile/elif"]')).not.toBeNull();
    // The SPEC's samples are only the browser's fallback when its call fails.
    expect(container.textContent).not.toContain('#yapayzeka');
    expect(container.innerHTML).not.toMatch(/<script|<!--\$[?!]-->/);
    expect(GUEST_PAGES['/explore']).toEqual({ module: 'src/app/routes/explore-page.tsx', title: 'Keşfet / gündem', dataElementId: 'gundem-explore' });
  });

  it('renders each time from the data it is given, and without data the lists loading', async () => {
    await warmGuestPages();
    const container = document.createElement('div');
    container.innerHTML = renderGuestPage('/explore', NOW, exploreData(['birinci']));
    expect(container.querySelectorAll('.topic-card')).toHaveLength(1);
    container.innerHTML = renderGuestPage('/explore', NOW, exploreData(['ikinci', 'üçüncü']));
    expect([...container.querySelectorAll('.topic-card')].map((card) => card.getAttribute('href'))).toEqual(['/hashtag/ikinci', '/hashtag/üçüncü']);
    container.innerHTML = renderGuestPage('/explore', NOW);
    expect(container.querySelectorAll('.topic-card')).toHaveLength(0);
    expect(container.querySelector('[role="status"][aria-label="Gündem yükleniyor"]')).not.toBeNull();
  });

  it('refuses a page it does not render', () => {
    expect(() => renderGuestPage('/messages', NOW)).toThrow('/messages sunucuda çizilen bir sayfa değil.');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeSocket } from '../../../test/fake-socket';
import { makeAuthor, makePost, page } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { HOME_FEED_KEY } from '../hooks/use-home-feed';
import { HomeTimeline } from './home-timeline';
import { LivePosts } from './live-posts';

const ali = makeAuthor({ _id: 'u-ali', id: 'u-ali', username: 'ali', displayName: 'Ali Kaya' });
const zeynep = makeAuthor({ _id: 'u-zeynep', id: 'u-zeynep', username: 'zeynep', displayName: 'Zeynep' });

const routes = {
  // `Son` (issue 26): every member's posts in time order.
  'GET /api/posts/timeline': { body: page([makePost({ _id: 'g1', content: 'Herkesin gönderisi' })]) },
  // A member's `Size özel` and a guest's `/` (issue 26): the ranked feed.
  'GET /api/posts/timeline/ranked': { body: page([makePost({ _id: 'k1', content: 'Sıralı gönderi' })]) },
  'GET /api/posts/timeline/following': {
    body: page([
      { ...makePost({ _id: 'r1', content: 'Paylaşılan gönderi', author: zeynep }), repostedBy: ali, repostedAt: new Date().toISOString() },
      makePost({ _id: 'f1', content: 'Ali’nin gönderisi', author: ali }),
    ]),
  },
};

function renderHome(user = member) {
  const fake = createFakeSocket();
  const view = renderWithProviders(
    <>
      <LivePosts />
      <HomeTimeline />
    </>,
    { user, socket: fake.factory, fetch: routes },
  );
  return { ...view, socket: fake.socket };
}

const contents = () =>
  screen.getAllByTestId('post-card').map((card) => card.querySelector('.post-card__content')?.textContent);

describe('home feed tabs', () => {
  it('shows a guest the global ranking with no tabs', async () => {
    const fake = createFakeSocket();
    const { calls } = renderWithProviders(<HomeTimeline />, { socket: fake.factory, fetch: routes });
    await screen.findByText('Sıralı gönderi');
    expect(screen.queryByText('Herkesin gönderisi')).toBeNull();
    expect(calls.map((call) => call.url)).toContain('/api/posts/timeline/ranked?limit=20');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(fake.socket.feeds()).toEqual([['watch', 'home']]);
  });

  it('gives a member `Size özel` (ranked, selected), `Son` and `Takip edilenler`; the choice switches feeds, watches the right one and survives a remount', async () => {
    const first = renderHome();
    await screen.findByText('Sıralı gönderi');
    expect(screen.queryByText('Herkesin gönderisi')).toBeNull();
    const tabs = within(screen.getByRole('tablist', { name: 'Akışlar' })).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Size özel', 'true'],
      ['Son', 'false'],
      ['Takip edilenler', 'false'],
    ]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('home-feed-tab-home');

    await userEvent.click(tabs[2]);
    await screen.findByText('Ali’nin gönderisi');
    expect(screen.queryByText('Sıralı gönderi')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Takip edilenler' }).getAttribute('aria-selected')).toBe('true');
    expect(first.socket.feeds()).toEqual([
      ['watch', 'home'],
      ['unwatch', 'home'],
      ['watch', 'following'],
    ]);
    expect(localStorage.getItem(HOME_FEED_KEY)).toBe('following');
    expect(document.cookie).toContain(`${HOME_FEED_KEY}=following`);
    first.unmount();

    renderHome();
    await screen.findByText('Ali’nin gönderisi');
    expect(screen.getByRole('tab', { name: 'Takip edilenler' }).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps the plain time order in `Son`, reached by the arrow keys, remembered, and fed by the home feed’s new posts', async () => {
    const { socket } = renderHome();
    await screen.findByText('Sıralı gönderi');
    const selected = screen.getByRole('tab', { name: 'Size özel' });
    selected.focus();
    await userEvent.keyboard('{ArrowRight}');
    const latest = screen.getByRole('tab', { name: 'Son' });
    expect(latest.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(latest);
    await screen.findByText('Herkesin gönderisi');
    expect(screen.queryByText('Sıralı gönderi')).toBeNull();
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('home-feed-tab-latest');
    expect(localStorage.getItem(HOME_FEED_KEY)).toBe('latest');
    expect(document.cookie).toContain(`${HOME_FEED_KEY}=latest`);
    // `Son` watches the home feed (no unwatch: the same feed): its new posts go on top.
    expect(socket.feeds()).toEqual([['watch', 'home']]);
    const fresh = makePost({ _id: 'g9', content: 'Az önce yazılan', author: zeynep });
    await socket.serverEmit('post:new', { post: fresh, posts: [fresh] });
    await userEvent.click(await screen.findByRole('button', { name: '1 yeni gönderi' }));
    await waitFor(() => expect(contents()).toEqual(['Az önce yazılan', 'Herkesin gönderisi']));

    screen.getByRole('tab', { name: 'Son' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await screen.findByText('Sıralı gönderi');
    // The pill's posts were shown: `Size özel` has no pill of them left.
    expect(screen.queryByRole('button', { name: /yeni gönderi/ })).toBeNull();
    expect(localStorage.getItem(HOME_FEED_KEY)).toBe('home');
    expect(document.cookie).not.toContain(`${HOME_FEED_KEY}=`);
  });

  it('shows "X yeniden paylaştı" above a repost, X linking to the profile', async () => {
    localStorage.setItem(HOME_FEED_KEY, 'following');
    renderHome();
    await screen.findByText('Paylaşılan gönderi');
    const header = screen.getByTestId('reposted-by');
    expect(header.textContent?.trim()).toBe('Ali Kaya yeniden paylaştı');
    expect(within(header).getByRole('link', { name: 'Ali Kaya' }).getAttribute('href')).toBe('/profile/ali');
    // Only the repost item has it.
    expect(screen.getAllByTestId('reposted-by')).toHaveLength(1);
  });

  it('counts in its pill only `post:new` of the following feed, and drops an item whose repost was taken back', async () => {
    localStorage.setItem(HOME_FEED_KEY, 'following');
    const { socket } = renderHome();
    await screen.findByText('Ali’nin gönderisi');
    // The global feed's new posts are not for this tab.
    await socket.serverEmit('post:new', { post: makePost({ _id: 'g2', author: zeynep }), posts: [makePost({ _id: 'g2', author: zeynep })] });
    expect(screen.queryByRole('button', { name: /yeni gönderi/ })).toBeNull();
    const fresh = makePost({ _id: 'f2', content: 'Ali’den yeni', author: ali });
    await socket.serverEmit('post:new', { post: fresh, posts: [fresh], feed: 'following' });
    await userEvent.click(screen.getByRole('button', { name: '1 yeni gönderi' }));
    await waitFor(() => expect(contents()).toEqual(['Ali’den yeni', 'Paylaşılan gönderi', 'Ali’nin gönderisi']));

    // Someone else's repost of the same post taken back changes nothing; Ali's removes the item.
    await socket.serverEmit('repost:removed', { postId: 'r1', userId: 'u-someone' });
    expect(contents()).toContain('Paylaşılan gönderi');
    await socket.serverEmit('repost:removed', { postId: 'r1', userId: 'u-ali' });
    await waitFor(() => expect(contents()).toEqual(['Ali’den yeni', 'Ali’nin gönderisi']));
  });

  it('counts a new repost of the following feed in its pill and shows it as "X yeniden paylaştı", a post it holds moving up; the viewer\'s own repost is not counted', async () => {
    localStorage.setItem(HOME_FEED_KEY, 'following');
    const { socket } = renderHome();
    await screen.findByText('Ali’nin gönderisi');
    const now = new Date().toISOString();
    // The member's own repost: they know of it, no pill (as with their own posts).
    const mine = { ...makePost({ _id: 'z0', content: 'Kendi paylaşımım', author: zeynep }), repostedBy: makeAuthor({ _id: member._id, id: member._id, username: member.username }), repostedAt: now };
    await socket.serverEmit('post:new', { post: mine, posts: [mine], feed: 'following' });
    expect(screen.queryByRole('button', { name: /yeni gönderi/ })).toBeNull();

    // Ali reposts a post the feed does not hold, and Zeynep one it holds (Ali's own post).
    const newRepost = { ...makePost({ _id: 'z1', content: 'Zeynep’in yazdığı', author: zeynep }), repostedBy: ali, repostedAt: now };
    const movedUp = { ...makePost({ _id: 'f1', content: 'Ali’nin gönderisi', author: ali }), repostedBy: zeynep, repostedAt: new Date(Date.now() + 1000).toISOString() };
    await socket.serverEmit('post:new', { post: newRepost, posts: [newRepost], feed: 'following' });
    await socket.serverEmit('post:new', { post: movedUp, posts: [movedUp], feed: 'following' });
    await userEvent.click(await screen.findByRole('button', { name: '2 yeni gönderi' }));
    await waitFor(() => expect(contents()).toEqual(['Ali’nin gönderisi', 'Zeynep’in yazdığı', 'Paylaşılan gönderi']));
    expect(screen.getAllByTestId('reposted-by').map((header) => header.textContent?.trim())).toEqual([
      'Zeynep yeniden paylaştı',
      'Ali Kaya yeniden paylaştı',
      'Ali Kaya yeniden paylaştı',
    ]);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PersonRow } from '../../../components/account-row';
const FOLLOWING_FEED_KEY = ['posts', 'following'];
import { createFakeSocket } from '../../../test/fake-socket';
import { makeAuthor, makePost, page } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { followingQueryKey } from '../../../lib/follow-keys';
import { POSTS_ROOT_KEY } from '../api/post-cache';
import { HOME_FEED_KEY } from '../hooks/use-home-feed';
import { HomeTimeline } from './home-timeline';

const ali = makeAuthor({ _id: 'u-ali', id: 'u-ali', username: 'ali', displayName: 'Ali Kaya' });
const aliUser = { _id: 'u-ali', id: 'u-ali', username: 'ali', displayName: 'Ali Kaya', isFollowing: false };

/**
 * Issue 23: a follow or unfollow refreshes the `Takip edilenler` feed (open: its first page read
 * again; cached and closed: dropped) and its live rooms (`feed:watch` again).
 */
describe('Takip edilenler after a follow', () => {
  function setup() {
    const fake = createFakeSocket();
    let followed = false;
    const routes = {
      'GET /api/posts/timeline/following': () => ({
        body: page(followed ? [makePost({ _id: 'a1', content: 'Ali’nin gönderisi', author: ali })] : []),
      }),
      'PUT /api/users/u-ali/follow': () => {
        followed = true;
        return { body: { isFollowing: true, followersCount: 1 } };
      },
      'GET /api/posts/timeline': { body: page([makePost({ _id: 'g1', content: 'Herkesin gönderisi' })]) },
      'GET /api/posts/timeline/ranked': { body: page([makePost({ _id: 'g1', content: 'Herkesin gönderisi' })]) },
      'DELETE /api/users/u-ali/follow': () => {
        followed = false;
        return { body: { isFollowing: false, followersCount: 0 } };
      },
    };
    // The side column's "Kimi takip etmeli" row beside the home screen, which opens on `Takip edilenler`.
    localStorage.setItem(HOME_FEED_KEY, 'following');
    const view = renderWithProviders(
      <>
        <ul>
          <PersonRow user={aliUser} />
        </ul>
        <HomeTimeline />
      </>,
      { user: member, socket: fake.factory, fetch: routes },
    );
    return { ...view, socket: fake.socket };
  }

  const feedReads = (calls: { method: string; url: string }[]) =>
    calls.filter((call) => call.method === 'GET' && call.url.includes('/posts/timeline/following')).length;

  it('keeps the feed under the posts root, where likes and reposts patch every list', () => {
    expect(FOLLOWING_FEED_KEY[0]).toBe(POSTS_ROOT_KEY[0]);
    expect(followingQueryKey('v').slice(0, 2)).toEqual([...FOLLOWING_FEED_KEY]);
  });

  it('reads an open feed’s first page again and rejoins its rooms after a follow and an unfollow', async () => {
    const { calls, socket } = setup();
    await waitFor(() => expect(feedReads(calls)).toBe(1));
    await waitFor(() => expect(socket.feeds()).toEqual([['watch', 'following']]));
    expect(screen.queryByText('Ali’nin gönderisi')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Takip et' }));
    await screen.findByText('Ali’nin gönderisi');
    expect(feedReads(calls)).toBe(2);

    await userEvent.click(screen.getByRole('button', { name: /Takip ediliyor|Takibi bırak/ }));
    await waitFor(() => expect(screen.queryByText('Ali’nin gönderisi')).toBeNull());
    expect(feedReads(calls)).toBe(3);
    // The server reads the member's follows again at each watch and moves the rooms.
    expect(socket.feeds()).toEqual([
      ['watch', 'following'],
      ['watch', 'following'],
      ['watch', 'following'],
    ]);
  });

  it('drops a closed feed’s cached (empty) pages, so opening it after a follow shows the followed account', async () => {
    const { calls, queryClient, socket } = setup();
    await waitFor(() => expect(feedReads(calls)).toBe(1));
    await userEvent.click(screen.getByRole('tab', { name: 'Size özel' }));
    await screen.findByText('Herkesin gönderisi');
    expect(queryClient.getQueryData(followingQueryKey(member._id!))).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Takip et' }));
    await screen.findByRole('button', { name: /Takip ediliyor|Takibi bırak/ });
    await waitFor(() => expect(queryClient.getQueryData(followingQueryKey(member._id!))).toBeUndefined());

    // Not on screen: no rooms asked for until the tab opens (its watch reads the follows anyway).
    expect(socket.feeds()).toEqual([
      ['watch', 'following'],
      ['unwatch', 'following'],
      ['watch', 'home'],
    ]);

    await userEvent.click(screen.getByRole('tab', { name: 'Takip edilenler' }));
    await screen.findByText('Ali’nin gönderisi');
  });
});

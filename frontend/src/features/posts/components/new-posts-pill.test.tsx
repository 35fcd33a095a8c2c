import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeSocket } from '../../../test/fake-socket';
import { makePost, page } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { HomeTimeline } from './home-timeline';
import { LivePosts } from './live-posts';

const ayseAuthor = { _id: 'u-ayse', id: 'u-ayse', username: 'ayse', displayName: 'Ayşe Yılmaz', isVerified: false };
const zeynepAuthor = { _id: 'u-zeynep', id: 'u-zeynep', username: 'zeynep', displayName: 'Zeynep', isVerified: false };

function renderHome() {
  const fake = createFakeSocket();
  const view = renderWithProviders(
    <>
      <LivePosts />
      <HomeTimeline />
    </>,
    {
      user: member,
      socket: fake.factory,
      fetch: {
        'GET /api/posts/timeline': {
          body: page([makePost({ _id: 'old', content: 'Eski gönderi' })]),
        },
      },
    },
  );
  return { ...view, socket: fake.socket };
}

function contents() {
  return screen
    .getAllByTestId('post-card')
    .map((card) => card.querySelector('.post-card__content')?.textContent);
}

const newPost = (id: string, content: string, author = zeynepAuthor, secondsAgo = 0) =>
  makePost({
    _id: id,
    content,
    author,
    createdAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
  });

describe('new posts pill', () => {
  it('counts new posts from others, never moves the feed, and prepends them on click', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { socket } = renderHome();
    await screen.findByText('Eski gönderi');
    expect(screen.queryByRole('button', { name: /yeni gönderi/ })).toBeNull();

    // Frames of one post each, as a server before batching sent them (`post` alone).
    await socket.serverEmit('post:new', { post: newPost('n1', 'Birinci yeni', zeynepAuthor, 5) });
    await socket.serverEmit('post:new', { post: newPost('n2', 'İkinci yeni') });
    // The viewer's own post (sent from another tab) does not count.
    await socket.serverEmit('post:new', { post: newPost('n3', 'Kendi gönderim', ayseAuthor) });
    // The same post twice counts once.
    await socket.serverEmit('post:new', { post: newPost('n2', 'İkinci yeni') });

    const pill = screen.getByRole('button', { name: '2 yeni gönderi' });
    expect(contents()).toEqual(['Eski gönderi']);

    await userEvent.click(pill);
    await waitFor(() =>
      expect(contents()).toEqual(['İkinci yeni', 'Birinci yeni', 'Eski gönderi']),
    );
    expect(screen.queryByRole('button', { name: /yeni gönderi/ })).toBeNull();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('counts every post of a batch, oldest first in the frame, skipping own posts and duplicates', async () => {
    const { socket } = renderHome();
    await screen.findByText('Eski gönderi');
    const batch = [
      newPost('b1', 'Toplu bir', zeynepAuthor, 4),
      newPost('b2', 'Toplu iki', zeynepAuthor, 3),
      newPost('b3', 'Kendi toplu', ayseAuthor, 2),
      newPost('old', 'Eski gönderi'),
      newPost('b4', 'Toplu dört', zeynepAuthor, 1),
    ];
    await socket.serverEmit('post:new', { post: batch[4], posts: batch });
    expect(screen.getByRole('button', { name: '3 yeni gönderi' })).toBeTruthy();
    // The next second's batch repeats one of them (a client may hear a post twice).
    await socket.serverEmit('post:new', {
      post: newPost('b5', 'Toplu beş'),
      posts: [newPost('b4', 'Toplu dört', zeynepAuthor, 1), newPost('b5', 'Toplu beş')],
    });
    await userEvent.click(screen.getByRole('button', { name: '4 yeni gönderi' }));
    await waitFor(() =>
      expect(contents()).toEqual([
        'Toplu beş',
        'Toplu dört',
        'Toplu iki',
        'Toplu bir',
        'Eski gönderi',
      ]),
    );
  });

  it('asks for the home feed’s new posts when it is shown, and again after a reconnect', async () => {
    const { socket } = renderHome();
    await screen.findByText('Eski gönderi');
    expect(socket.feeds()).toEqual([['watch', 'home']]);
    await socket.drop();
    await socket.reconnect();
    expect(socket.feeds()).toEqual([
      ['watch', 'home'],
      ['watch', 'home'],
    ]);
  });

  it('does not count a post the feed already shows (the own post just sent)', async () => {
    const { socket } = renderHome();
    await screen.findByText('Eski gönderi');
    await socket.serverEmit('post:new', {
      post: makePost({ _id: 'old', content: 'Eski gönderi' }),
    });
    expect(screen.queryByRole('button', { name: /yeni gönderi/ })).toBeNull();
  });
});

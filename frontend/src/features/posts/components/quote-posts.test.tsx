import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showToast } from '../../../lib/toast';
import { createFakeSocket } from '../../../test/fake-socket';
import { makeMedia, makePost, page } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { LivePosts } from './live-posts';
import { TimelineFeed } from './timeline-feed';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));
beforeEach(() => vi.mocked(showToast).mockClear());

const QUOTED = '11111111-1111-4111-8111-111111111111';
const QUOTE = '22222222-2222-4222-8222-222222222222';

function cardOf(id: string): HTMLElement {
  return screen.getAllByTestId('post-card').find((element) => element.getAttribute('data-post-id') === id)!;
}

describe('quote posts (issue 27)', () => {
  it('Alıntıla opens the compose box with the quoted post embedded and sends a quote of its own', async () => {
    const original = makePost({ _id: QUOTED, content: 'alıntılanacak söz', quoteCount: 0 });
    const created = makePost({ _id: QUOTE, content: 'katılıyorum', quoteOfId: QUOTED, quote: { id: QUOTED, state: 'visible', post: original } });
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([original]) },
        'POST /api/posts': { status: 201, body: { post: created, quoted: { postId: QUOTED, likeCount: 0, retweetCount: 0, replyCount: 0, quoteCount: 1, version: 1 } } },
      },
    });
    await screen.findByText('alıntılanacak söz');
    await userEvent.click(within(cardOf(QUOTED)).getByRole('button', { name: 'Alıntıla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alıntıla' });
    expect(within(within(dialog).getByTestId('quote-card')).getByText('alıntılanacak söz')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Alıntı metni' }), 'katılıyorum');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Alıntıla' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Alıntı paylaşıldı'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ content: 'katılıyorum', quoteOfId: QUOTED });
    // The new quote is on top with its card, and the quoted post counts it.
    const quote = await waitFor(() => cardOf(QUOTE));
    expect(within(within(quote).getByTestId('quote-card')).getByRole('link').getAttribute('href')).toBe(`/post/${QUOTED}`);
    expect(within(cardOf(QUOTED)).getByTestId('quote-count').textContent).toBe('1');
  });

  it('shows an unavailable quoted post by its state only, and one level of embedding (a link to the next)', async () => {
    const inner = makePost({ _id: 'p-inner', content: 'orta', quoteOfId: 'p-deepest' });
    renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': {
          body: page([
            makePost({ _id: 'q1', content: 'bir', quoteOfId: 'x1', quote: { id: 'x1', state: 'deleted' } }),
            makePost({ _id: 'q2', content: 'iki', quoteOfId: 'x2', quote: { id: 'x2', state: 'protected' } }),
            makePost({ _id: 'q3', content: 'üç', quoteOfId: 'x3', quote: { id: 'x3', state: 'blocked' } }),
            makePost({ _id: 'q4', content: 'dört', quoteOfId: 'x4', quote: { id: 'x4', state: 'disabled' } }),
            makePost({ _id: 'q5', content: 'beş', quoteOfId: 'p-inner', quote: { id: 'p-inner', state: 'visible', post: inner } }),
          ]),
        },
      },
    });
    await screen.findByText('beş');
    const card = (id: string) => within(cardOf(id)).getByTestId('quote-card');
    expect(card('q1').textContent).toBe('Bu gönderi artık yok');
    expect(card('q2').textContent).toBe('Bu gönderi korunuyor');
    expect(card('q3').textContent).toBe('Bu gönderi gösterilemiyor');
    expect(card('q4').textContent).toBe('Yazarı bu gönderinin alıntılanmasını kapattı');
    const nested = within(card('q5')).getByRole('link', { name: 'Alıntıladığı gönderiyi göster' });
    expect(nested.getAttribute('href')).toBe('/post/p-deepest');
    expect(within(card('q5')).queryAllByTestId('quote-card')).toEqual([]);
  });

  it('a post its author closed to quotes has Alıntıla disabled; the author turns it back on from ⋯', async () => {
    const own = makePost({ _id: QUOTED, content: 'kapalı', quotable: false, author: { _id: member._id, username: member.username, displayName: member.displayName } });
    const { calls } = renderWithProviders(<TimelineFeed />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([own]) },
        [`PUT /api/posts/${QUOTED}/quotable`]: { body: { quotable: true } },
      },
    });
    await screen.findByText('kapalı');
    expect((within(cardOf(QUOTED)).getByRole('button', { name: 'Alıntıla' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(cardOf(QUOTED)).getByRole('button', { name: 'Daha fazla' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Alıntılanmaya izin ver' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Bu gönderi yeniden alıntılanabilir'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ quotable: true });
    expect((within(cardOf(QUOTED)).getByRole('button', { name: 'Alıntıla' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('takes the quote count of post:engagement live', async () => {
    const fake = createFakeSocket();
    renderWithProviders(
      <>
        <LivePosts />
        <TimelineFeed />
      </>,
      { user: member, socket: fake.factory, fetch: { 'GET /api/posts/timeline': { body: page([makePost({ _id: QUOTED, content: 'canlı', media: [makeMedia()] })]) } } },
    );
    await screen.findByText('canlı');
    await fake.socket.serverEmit('post:engagement', { postId: QUOTED, likeCount: 0, retweetCount: 0, replyCount: 0, quoteCount: 3, version: 5 });
    expect(within(cardOf(QUOTED)).getByTestId('quote-count').textContent).toBe('3');
  });
});

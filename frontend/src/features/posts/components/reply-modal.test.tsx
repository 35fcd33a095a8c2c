import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost, page } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { HomeTimeline } from './home-timeline';
import { PostDetail } from './post-detail';

const original = makePost({
  _id: 'p1',
  content: 'Asıl gönderi burada',
  replyCount: 2,
  author: { _id: 'u-mehmet', username: 'mehmet', displayName: 'Mehmet Demir' },
});
const other = makePost({ _id: 'p0', content: 'Başka bir gönderi' });

function cardOf(id: string) {
  const card = screen
    .getAllByTestId('post-card')
    .find((item) => item.getAttribute('data-post-id') === id);
  if (!card) throw new Error(`no card ${id}`);
  return card;
}

async function openReply(parent?: { postId: string; likeCount: number; retweetCount: number; replyCount: number }) {
  const view = renderWithProviders(<HomeTimeline />, {
    user: member,
    fetch: {
      'GET /api/posts/timeline': { body: page([other, original]) },
      'POST /api/posts': {
        status: 201,
        body: {
          post: makePost({
            _id: 'r1',
            content: 'Katılıyorum!',
            replyToId: 'p1',
            isReply: true,
            author: { _id: 'u-ayse', username: 'ayse', displayName: 'Ayşe Yılmaz' },
            createdAt: new Date().toISOString(),
          }),
          ...(parent ? { parent } : {}),
        },
      },
    },
  });
  await screen.findByText('Asıl gönderi burada');
  await userEvent.click(within(cardOf('p1')).getByRole('button', { name: 'Yanıtla' }));
  // The dialog's code comes on demand (post-card.tsx): it opens once that has arrived.
  const dialog = await screen.findByRole('dialog', { name: 'Yanıtla' });
  return { ...view, dialog };
}

describe('ReplyModal', () => {
  it('shows the original post and a focused reply box', async () => {
    const { dialog } = await openReply();
    expect(within(dialog).getByText('Asıl gönderi burada')).toBeTruthy();
    expect(within(dialog).getByText('Mehmet Demir')).toBeTruthy();
    expect(within(dialog).getByText('@mehmet', { selector: '.reply-modal__to *' })).toBeTruthy();
    const box = within(dialog).getByRole('textbox', { name: 'Yanıt metni' });
    expect(document.activeElement).toBe(box);
    // The quoted post has no action buttons of its own.
    expect(within(dialog).queryByRole('button', { name: 'Beğen' })).toBeNull();
  });

  it('needs 1 to 280 characters after trimming', async () => {
    const { dialog } = await openReply();
    const submit = within(dialog).getByRole('button', { name: 'Yanıtla' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox'), '    ');
    expect(submit.disabled).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox'), 'tamam');
    expect(submit.disabled).toBe(false);
  });

  it('keeps a pasted reply past 280 whole, counts below zero and waits until it is shortened', async () => {
    const { dialog } = await openReply();
    const user = userEvent.setup();
    const box = within(dialog).getByRole('textbox', { name: 'Yanıt metni' }) as HTMLTextAreaElement;
    const submit = within(dialog).getByRole('button', { name: 'Yanıtla' }) as HTMLButtonElement;
    await user.click(box);
    await user.paste('y'.repeat(285));
    expect(box.value).toHaveLength(285);
    expect(within(dialog).getByTestId('char-remaining').textContent).toBe('-5');
    expect(within(dialog).getByTestId('char-counter').getAttribute('data-state')).toBe('over');
    expect(submit.disabled).toBe(true);
    await user.keyboard('{Backspace>5/}');
    expect(within(dialog).getByTestId('char-remaining').textContent).toBe('0');
    expect(submit.disabled).toBe(false);
  });

  it('sends the reply, prepends it, counts it on the original and closes', async () => {
    const { dialog, calls } = await openReply();
    expect(within(cardOf('p1')).getByTestId('reply-count').textContent).toBe('2');
    await userEvent.type(within(dialog).getByRole('textbox'), '  Katılıyorum!  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yanıtla' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cards = screen.getAllByTestId('post-card');
    expect(cards.map((card) => card.getAttribute('data-post-id'))).toEqual(['r1', 'p0', 'p1']);
    expect(within(cards[0]).getByText('Katılıyorum!')).toBeTruthy();
    expect(within(cardOf('p1')).getByTestId('reply-count').textContent).toBe('3');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ content: 'Katılıyorum!', replyToId: 'p1' });
  });

  it("sets the original's reply count from the server's absolute count when it sends one", async () => {
    // A live post:engagement may already have counted this reply: adding one would count it twice.
    const { dialog } = await openReply({ postId: 'p1', likeCount: 0, retweetCount: 0, replyCount: 7 });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Katılıyorum!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yanıtla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(cardOf('p1')).getByTestId('reply-count').textContent).toBe('7');
  });

  it('logs a failed reply silently and stays open', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<HomeTimeline />, {
      user: member,
      fetch: {
        'GET /api/posts/timeline': { body: page([original]) },
        'POST /api/posts': { status: 500, body: { message: 'Yanıt kaydedilemedi' } },
      },
    });
    await screen.findByText('Asıl gönderi burada');
    await userEvent.click(within(cardOf('p1')).getByRole('button', { name: 'Yanıtla' }));
    const dialog = screen.getByRole('dialog', { name: 'Yanıtla' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'deneme');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yanıtla' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Yanıtla' })).toBeTruthy();
    expect(screen.queryByText('Yanıt kaydedilemedi')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(cardOf('p1')).getByTestId('reply-count').textContent).toBe('2');
  });

  it('closes on Escape without sending', async () => {
    const { fetchMock } = await openReply();
    const before = fetchMock.mock.calls.length;
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.length).toBe(before);
  });

  it('gives the focus back to the reply button it was opened from', async () => {
    await openReply();
    const opener = within(cardOf('p1')).getByRole('button', { name: 'Yanıtla' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives the focus back after a sent reply too', async () => {
    const { dialog } = await openReply();
    const opener = within(cardOf('p1')).getByRole('button', { name: 'Yanıtla' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Katılıyorum!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yanıtla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('on the post page, dates the original as the page does (5dk, not 5m)', async () => {
    const detailed = makePost({
      _id: 'p9',
      content: 'Sayfadaki gönderi',
      createdAt: new Date(Date.now() - 17 * 60_000).toISOString(),
    });
    renderWithProviders(<PostDetail postId="p9" />, {
      user: member,
      fetch: { 'GET /api/posts/p9': { body: { post: detailed, replies: [], nextCursor: null } } },
    });
    await screen.findByText('Sayfadaki gönderi');
    const card = screen.getAllByTestId('post-card')[0];
    expect(within(card).getByText('17dk')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Yanıtla' }));
    const dialog = screen.getByRole('dialog', { name: 'Yanıtla' });
    expect(within(dialog).getByText('17dk')).toBeTruthy();
    expect(within(dialog).queryByText('17m')).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePost } from '../../../test/fixtures';
import { member, renderWithProviders } from '../../../test/render';
import { insertMention, mentionQueryAt } from '../mention-query';
import { mentionTarget } from '../post-text';
import { ComposeBox } from './compose-box';
import { PostCard } from './post-card';
import { ReplyModal } from './reply-modal';

const summary = (username: string, displayName: string) => ({
  _id: `u-${username}`,
  id: `u-${username}`,
  username,
  displayName,
  isVerified: false,
  profileImage: null,
});
const AYSE = summary('ayse', 'Ayşe Yılmaz');
const AYTEN = summary('ayten_k', 'Ayten Kara');
const AYHAN = summary('Ayhan', 'Ayhan Er');

describe('@mentions in a post', () => {
  it('links only the accounts the post\'s mentions list, in their spelling, matched without case', () => {
    const post = makePost({
      content: '@FIKRET ve @Ayse_K buraya bakın; @yok_boyle biri yok, @ayşe de değil. e@posta.com',
    });
    renderWithProviders(
      <PostCard post={{ ...post, mentions: [{ username: 'fikret' }, { username: 'ayse_k' }] }} />,
    );
    const card = within(screen.getByTestId('post-card'));
    expect(card.getByRole('link', { name: '@FIKRET' }).getAttribute('href')).toBe('/profile/fikret');
    expect(card.getByRole('link', { name: '@Ayse_K' }).getAttribute('href')).toBe('/profile/ayse_k');
    expect(card.queryByRole('link', { name: '@yok_boyle' })).toBeNull();
    expect(card.getByText(/@yok_boyle biri yok/)).toBeTruthy();
    // `@ayşe` names no username (ş), and `@ay` inside it is no mention either.
    expect(card.queryByRole('link', { name: /@ay/ })).toBeNull();
    expect(card.queryByRole('link', { name: '@posta' })).toBeNull();
  });

  it('without a mentions field (an older server) links every @name as before', () => {
    expect(mentionTarget('mehmet', undefined)).toBe('mehmet');
    expect(mentionTarget('MEHMET', [{ username: 'mehmet' }])).toBe('mehmet');
    // Turkish locale lowercasing would make it "fıkret": the match is the server's plain one.
    expect(mentionTarget('FIKRET', [{ username: 'fikret' }])).toBe('fikret');
    expect(mentionTarget('mehmet', [])).toBeNull();
  });
});

describe('the @name at the caret', () => {
  it.each([
    ['@ay', 3, { start: 0, end: 3, query: 'ay' }],
    ['merhaba @ayş', 12, { start: 8, end: 12, query: 'ayş' }],
    ['merhaba @', 9, null],
    ['e@posta', 7, null],
    ['@ayse naber', 11, null],
    ['@ayse naber', 3, null],
    ['https://a.tr/@ayse', 18, null],
  ])('%s with the caret at %i → %o', (text, caret, expected) => {
    expect(mentionQueryAt(text, caret)).toEqual(expected);
  });

  it('replaces the typed name with @name and a space, the caret after it', () => {
    expect(insertMention('selam @ay nasılsın', { start: 6, end: 9, query: 'ay' }, 'ayse')).toEqual({
      text: 'selam @ayse nasılsın',
      caret: 12,
    });
  });
});

function suggestRoutes(calls: string[]) {
  return {
    'GET /api/users/suggest': (_init: RequestInit | undefined, url: string) => {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      calls.push(q);
      return { body: { users: q.toLowerCase().startsWith('ay') ? [AYSE, AYTEN, AYHAN] : [] } };
    },
  };
}

const box = () => screen.getByRole('textbox', { name: 'Gönderi metni' }) as HTMLTextAreaElement;
const options = () => within(screen.getByRole('listbox', { name: 'Kullanıcı önerileri' })).getAllByRole('option');
const selected = () => options().find((option) => option.getAttribute('aria-selected') === 'true');

describe('@ suggestions in the compose box', () => {
  it('asks once after the typing pauses, then arrows move, Enter inserts @name and closes the list', async () => {
    const calls: string[] = [];
    renderWithProviders(<ComposeBox />, { user: member, fetch: suggestRoutes(calls) });
    const textarea = await screen.findByRole('textbox', { name: 'Gönderi metni' });
    expect(textarea.getAttribute('aria-autocomplete')).toBe('list');

    await userEvent.type(textarea, 'selam @ay');
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(calls.at(-1)).toBe('ay');
    const listbox = screen.getByRole('listbox');
    expect(textarea.getAttribute('aria-controls')).toBe(listbox.id);
    expect(selected()?.textContent).toContain('@ayse');
    expect(textarea.getAttribute('aria-activedescendant')).toBe(selected()?.id);

    await userEvent.keyboard('{ArrowDown}');
    expect(selected()?.textContent).toContain('@ayten_k');
    expect(textarea.getAttribute('aria-activedescendant')).toBe(selected()?.id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(selected()?.textContent).toContain('@ayse'); // wraps around
    await userEvent.keyboard('{ArrowUp}');
    expect(selected()?.textContent).toContain('@Ayhan');

    await userEvent.keyboard('{Enter}');
    expect(box().value).toBe('selam @Ayhan ');
    expect(box().selectionStart).toBe('selam @Ayhan '.length);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(textarea.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('waits 150 ms after the last key before asking', async () => {
    const calls: string[] = [];
    renderWithProviders(<ComposeBox />, { user: member, fetch: suggestRoutes(calls) });
    const textarea = (await screen.findByRole('textbox', { name: 'Gönderi metni' })) as HTMLTextAreaElement;
    // The list's code comes with the first `@`.
    fireEvent.change(textarea, { target: { value: '@' } });
    // Mounted (its live region is there) before the clock is faked.
    await waitFor(() => expect(document.querySelector('.compose [role="status"]')).not.toBeNull());
    vi.useFakeTimers();
    for (const value of ['@a', '@ay', '@ayş']) {
      // jsdom puts the caret at the end of a new value.
      fireEvent.change(textarea, { target: { value } });
      act(() => {
        vi.advanceTimersByTime(100);
      });
    }
    expect(calls).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(49);
    });
    expect(calls).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(calls).toEqual(['ayş']));
    await waitFor(() => expect(options()).toHaveLength(3));
  });

  it('Escape closes the list and keeps the text; Enter then is a plain new line', async () => {
    const calls: string[] = [];
    renderWithProviders(<ComposeBox />, { user: member, fetch: suggestRoutes(calls) });
    const textarea = await screen.findByRole('textbox', { name: 'Gönderi metni' });
    await userEvent.type(textarea, '@ay');
    await waitFor(() => expect(options()).toHaveLength(3));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().value).toBe('@ay');
    await userEvent.keyboard('{Enter}');
    expect(box().value).toBe('@ay\n');
  });

  it('a click on an option inserts it', async () => {
    renderWithProviders(<ComposeBox />, { user: member, fetch: suggestRoutes([]) });
    const textarea = await screen.findByRole('textbox', { name: 'Gönderi metni' });
    await userEvent.type(textarea, '@ay');
    await waitFor(() => expect(options()).toHaveLength(3));
    fireEvent.mouseDown(options()[1]);
    expect(box().value).toBe('@ayten_k ');
  });

  it('in the reply dialog, Escape closes the list, not the dialog', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ReplyModal post={makePost({ _id: 'p9' })} onClose={onClose} />, {
      user: member,
      fetch: suggestRoutes([]),
    });
    const textarea = await screen.findByRole('textbox', { name: 'Yanıt metni' });
    await userEvent.type(textarea, '@ay');
    await waitFor(() => expect(options()).toHaveLength(3));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

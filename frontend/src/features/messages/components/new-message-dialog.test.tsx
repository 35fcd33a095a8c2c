import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeSocket } from '../../../test/fake-socket';
import type { MockRoutes } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { currentLocation, member, renderWithProviders } from '../../../test/render';
import { resetOutboxes } from '../api/outbox';
import { MessagesView } from './messages-view';

afterEach(() => resetOutboxes());

function person(id: string, username: string, displayName: string, isVerified = false) {
  return { _id: id, id, username, displayName, isVerified, profileImage: null, bio: '', isFollowing: false };
}

const ismail = person('u-ismail', 'ismail', 'İsmail Şahin', true);
const isik = person('u-isik', 'isik', 'Işık Çelik');
const ayse = person(member.id, member.username, member.displayName);

function renderPicker(routes: MockRoutes = {}) {
  const fake = createFakeSocket();
  return renderWithProviders(<MessagesView />, {
    path: '/messages',
    user: member,
    socket: fake.factory,
    fetch: {
      'GET /api/messages/conversations': { body: { conversations: [], nextCursor: null } },
      'GET /api/users/search': (_init, url) => {
        const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
        if (q.toLocaleLowerCase('tr-TR').startsWith('yok')) return { body: { users: [] } };
        // The server's answer for any other prefix; the viewer comes back too and is left out.
        return { body: { users: [ismail, isik, ayse] } };
      },
      ...routes,
    },
  });
}

async function openPicker() {
  await userEvent.click(await screen.findByRole('button', { name: 'Yeni mesaj' }));
  return screen.findByRole('dialog', { name: 'Yeni mesaj' });
}

const searchCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.includes('/api/users/search')).map((call) => new URL(call.url, 'http://x').searchParams.get('q'));

describe('NewMessageDialog — the new-message people picker', () => {
  it('opens from the new-message button with the box focused and a prompt, asking nothing yet', async () => {
    const { calls } = renderPicker();
    const dialog = await openPicker();
    const box = within(dialog).getByRole('combobox', { name: 'Kişi ara' });
    expect(document.activeElement).toBe(box);
    expect(within(dialog).getByText('Mesaj göndermek istediğiniz kişinin adını yazın.')).toBeTruthy();
    expect(searchCalls(calls)).toEqual([]);
  });

  it('searches once typing pauses, lists the people found (not the viewer), and Enter opens the chosen conversation', async () => {
    const { calls } = renderPicker({
      'GET /api/users/profile/isik': { body: { user: makeUser({ _id: 'u-isik', id: 'u-isik', username: 'isik', displayName: 'Işık Çelik' }) } },
      'GET /api/messages/conversation/u-isik': { body: { messages: [], nextCursor: null } },
    });
    const dialog = await openPicker();
    const box = within(dialog).getByRole('combobox', { name: 'Kişi ara' });
    await userEvent.type(box, 'IŞ');
    const options = await within(dialog).findAllByRole('option');
    expect(options.map((option) => within(option).getByText(/^@/).textContent)).toEqual(['@ismail', '@isik']);
    expect(within(options[0]).getByText('İsmail Şahin')).toBeTruthy();
    // Debounced: the quick keystrokes made one call, for what was typed in the end.
    expect(searchCalls(calls)).toEqual(['IŞ']);
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0].id);
    // ↓ moves, ↑ from the first wraps to the last.
    await userEvent.keyboard('{ArrowDown}');
    expect(within(dialog).getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(within(dialog).getAllByRole('option')[0].getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(within(dialog).getAllByRole('option')[1].id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentLocation()).toBe('/messages?user=isik');
    // The conversation opens even with no message yet.
    expect(await screen.findByText('Işık Çelik ile sohbeti ilk mesajınızla başlatın.')).toBeTruthy();
  });

  it('opens a conversation with a click too', async () => {
    renderPicker({
      'GET /api/users/profile/ismail': { body: { user: makeUser({ _id: 'u-ismail', id: 'u-ismail', username: 'ismail', displayName: 'İsmail Şahin' }) } },
      'GET /api/messages/conversation/u-ismail': { body: { messages: [], nextCursor: null } },
    });
    const dialog = await openPicker();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Kişi ara' }), 'ism');
    await userEvent.click(await within(dialog).findByRole('option', { name: /İsmail Şahin/ }));
    await waitFor(() => expect(currentLocation()).toBe('/messages?user=ismail'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when nobody matches, and shows a failure with a retry', async () => {
    let fail = true;
    renderPicker({
      'GET /api/users/search': (_init, url) => {
        const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
        if (q === 'yok') return { body: { users: [] } };
        return fail ? { status: 500, body: { message: 'Sunucu hatası' } } : { body: { users: [ismail] } };
      },
    });
    const dialog = await openPicker();
    const box = within(dialog).getByRole('combobox', { name: 'Kişi ara' });
    await userEvent.type(box, 'yok');
    expect(await within(dialog).findByText('"yok" ile başlayan bir kişi bulunamadı.')).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, 'ism');
    expect(await within(dialog).findByText('Kişiler yüklenemedi.')).toBeTruthy();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tekrar dene' }));
    expect(await within(dialog).findByRole('option', { name: /İsmail Şahin/ })).toBeTruthy();
  });

  it('closes with Escape and leaves the screen as it was', async () => {
    renderPicker();
    const dialog = await openPicker();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Kişi ara' }), 'ism');
    await within(dialog).findAllByRole('option');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentLocation()).toBe('/messages');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Conversation, Message } from '../../../lib/types';
import { createFakeSocket } from '../../../test/fake-socket';
import type { MockRoutes } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { currentLocation, member, renderWithProviders } from '../../../test/render';
import { resetOutboxes } from '../api/outbox';
import { MessagesView } from './messages-view';

// A send leaves the tab's queue behind it only on failure; each test starts from an empty one.
afterEach(() => resetOutboxes());

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function person(id: string, displayName: string, isVerified = false) {
  return { _id: id, id, username: id, displayName, isVerified };
}

function conversation(id: string, name: string, overrides: Partial<Conversation> = {}) {
  return {
    id,
    user: person(id, name),
    lastMessage: { text: `${name} son mesaj`, timestamp: ago(3 * 3_600_000), isRead: true },
    unreadCount: 0,
    ...overrides,
  };
}

const mehmet = conversation('mehmet', 'Mehmet Demir', {
  lastMessage: { text: 'Yarın görüşürüz', timestamp: ago(20_000), isRead: false },
  unreadCount: 2,
});
const zeynep = conversation('zeynep', 'Zeynep Kaya', {
  user: person('zeynep', 'Zeynep Kaya', true),
});
const ali = conversation('ali', 'Ali Veli', {
  lastMessage: { text: 'Tamamdır', timestamp: ago(2 * 86_400_000), isRead: true },
});

function renderMessages(path = '/messages', routes: MockRoutes = {}, list = [mehmet, zeynep, ali]) {
  const fake = createFakeSocket();
  const view = renderWithProviders(<MessagesView />, {
    path,
    user: member,
    socket: fake.factory,
    fetch: {
      'GET /api/messages/conversations': { body: { conversations: list, nextCursor: null } },
      ...routes,
    },
  });
  return { ...view, socket: fake.socket };
}

function items() {
  return screen.getAllByTestId('conversation');
}

function names() {
  return items().map((item) => item.getAttribute('data-conversation-id'));
}

function incoming(from: Conversation, text: string, unreadCount: number): unknown {
  const timestamp = new Date().toISOString();
  const message: Message = { id: `m-${text}`, text, timestamp, isOwn: false };
  return {
    message,
    conversation: { ...from, lastMessage: { text, timestamp, isRead: false }, unreadCount },
  };
}

describe('MessagesView — conversation list', () => {
  it('shows each conversation with its last message, time and unread count', async () => {
    renderMessages();
    await screen.findByRole('list', { name: 'Sohbetler' });
    expect(names()).toEqual(['mehmet', 'zeynep', 'ali']);

    const first = within(items()[0]);
    expect(first.getByText('Mehmet Demir')).toBeTruthy();
    expect(first.getByText('@mehmet')).toBeTruthy();
    expect(first.getByText('Yarın görüşürüz')).toBeTruthy();
    // Under a minute: "Şimdi"; otherwise dk / sa / g.
    expect(first.getByText('Şimdi')).toBeTruthy();
    expect(within(items()[1]).getByText('3sa')).toBeTruthy();
    expect(within(items()[2]).getByText('2g')).toBeTruthy();

    const badge = first.getByTestId('unread-badge');
    expect(badge.textContent).toBe('22 okunmamış mesaj');
    expect(within(items()[1]).queryByTestId('unread-badge')).toBeNull();
    expect(within(items()[1]).getByRole('img', { name: 'Onaylı hesap' })).toBeTruthy();
    expect(screen.getByText('Bir sohbet seçin')).toBeTruthy();
  });

  it('filters the conversations by name or username as one types, Turkish case rules, asking nothing', async () => {
    const ismail = conversation('ismail', 'İsmail Şahin');
    const { calls } = renderMessages('/messages', {}, [mehmet, zeynep, ali, ismail]);
    await screen.findByRole('list', { name: 'Sohbetler' });
    const before = calls.length;
    const box = screen.getByRole('searchbox', { name: 'Mesajlarda ara' });
    await userEvent.type(box, 'Ali');
    expect(names()).toEqual(['ali']);
    await userEvent.clear(box);
    // İsmail by "ISM" and by "ism"; Şahin by "sah".
    await userEvent.type(box, 'ISM');
    expect(names()).toEqual(['ismail']);
    await userEvent.clear(box);
    await userEvent.type(box, 'sah');
    expect(names()).toEqual(['ismail']);
    await userEvent.clear(box);
    // By username too, with the @ of a handle.
    await userEvent.type(box, '@zey');
    expect(names()).toEqual(['zeynep']);
    await userEvent.clear(box);
    await userEvent.type(box, 'kimse');
    expect(screen.queryByRole('list', { name: 'Sohbetler' })).toBeNull();
    expect(screen.getByText('"kimse" ile eşleşen sohbet yok')).toBeTruthy();
    await userEvent.clear(box);
    expect(names()).toEqual(['mehmet', 'zeynep', 'ali', 'ismail']);
    expect(calls.length).toBe(before);
  });

  it('says "Henüz mesajınız yok" when there are no conversations', async () => {
    renderMessages('/messages', {}, []);
    expect(await screen.findByText('Henüz mesajınız yok')).toBeTruthy();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    renderMessages('/messages', {
      'GET /api/messages/conversations': () =>
        fail
          ? { networkError: true }
          : { body: { conversations: [zeynep], nextCursor: null } },
    });
    expect(await screen.findByText('Sohbetler yüklenemedi')).toBeTruthy();
    expect(screen.getByText('Bağlantı hatası')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    await waitFor(() => expect(names()).toEqual(['zeynep']));
  });

  it('moves a conversation to the top with its unread count when a message arrives', async () => {
    const { socket } = renderMessages();
    await screen.findByRole('list', { name: 'Sohbetler' });
    await socket.serverEmit('message:new', incoming(ali, 'Akşam çıkıyor muyuz?', 1));
    expect(names()).toEqual(['ali', 'mehmet', 'zeynep']);
    const top = within(items()[0]);
    expect(top.getByText('Akşam çıkıyor muyuz?')).toBeTruthy();
    expect(top.getByTestId('unread-badge').textContent).toBe('11 okunmamış mesaj');
    expect(top.getByText('Şimdi')).toBeTruthy();

    await socket.serverEmit('message:new', incoming(mehmet, 'Bir şey daha', 3));
    expect(names()).toEqual(['mehmet', 'ali', 'zeynep']);
    expect(within(items()[0]).getByTestId('unread-badge').textContent).toBe(
      '33 okunmamış mesaj',
    );
  });

  it('clears a conversation’s badge when the member read it on another tab (message:read), not when the other side read theirs', async () => {
    const { socket } = renderMessages();
    await screen.findByText('Yarın görüşürüz');
    const badge = () => within(items()[0]).queryByTestId('unread-badge');
    expect(badge()).not.toBeNull();
    await socket.serverEmit('message:read', { conversationId: 'mehmet', messageId: 'x', readAt: new Date().toISOString(), byViewer: false });
    expect(badge()).not.toBeNull();
    await socket.serverEmit('message:read', { conversationId: 'mehmet', messageId: 'x', readAt: new Date().toISOString(), byViewer: true, totalUnread: 0 });
    expect(badge()).toBeNull();
    expect(names()).toEqual(['mehmet', 'zeynep', 'ali']);
  });

  it('adds a conversation that was not in the list yet', async () => {
    const { socket } = renderMessages();
    await screen.findByRole('list', { name: 'Sohbetler' });
    await socket.serverEmit('message:new', incoming(conversation('elif', 'Elif Şahin'), 'Selam!', 1));
    expect(names()).toEqual(['elif', 'mehmet', 'zeynep', 'ali']);
  });
});

describe('MessagesView — a message during the list’s first fetch', () => {
  it('keeps a message that arrives while the list is being fetched (its answer may be from before it)', async () => {
    const elif = conversation('elif', 'Elif Şahin');
    let release: () => void = () => undefined;
    let asked = 0;
    const { socket } = renderMessages('/messages', {
      'GET /api/messages/conversations': () => {
        asked += 1;
        // The first answer, made before Elif's message, comes late; the next one has it.
        if (asked === 1) return new Promise((resolve) => (release = () => resolve({ body: { conversations: [mehmet, zeynep], nextCursor: null } })));
        return { body: { conversations: [elif, mehmet, zeynep], nextCursor: null } };
      },
    });
    await waitFor(() => expect(asked).toBe(1));
    await socket.serverEmit('message:new', incoming(elif, 'Selam!', 1));
    release();
    await waitFor(() => expect(names()).toEqual(['elif', 'mehmet', 'zeynep']));
    expect(asked).toBe(2);
  });
});

describe('MessagesView — the open conversation', () => {
  const chatRoutes = (messages: Message[]): MockRoutes => ({
    'GET /api/messages/conversation/mehmet': (_init, url) =>
      url.includes('after=')
        ? { body: { messages: [], nextCursor: null } }
        : { body: { messages, nextCursor: null } },
  });

  it('opens ?user=<username> and marks it read', async () => {
    renderMessages(
      '/messages?user=mehmet',
      chatRoutes([{ id: 'm1', text: 'Yarın görüşürüz', timestamp: ago(20_000), isOwn: false }]),
    );
    const chat = await screen.findByRole('list', { name: 'Mehmet Demir ile mesajlar' });
    expect(within(chat).getByText('Yarın görüşürüz')).toBeTruthy();
    const open = items()[0];
    expect(open.querySelector('a')?.getAttribute('aria-current')).toBe('true');
    expect(within(open).queryByTestId('unread-badge')).toBeNull();
  });

  it('opens a conversation from the list', async () => {
    renderMessages('/messages', chatRoutes([]));
    await screen.findByRole('list', { name: 'Sohbetler' });
    await userEvent.click(within(items()[0]).getByRole('link'));
    expect(currentLocation()).toBe('/messages?user=mehmet');
    expect(await screen.findByRole('link', { name: 'Sohbetlere dön' })).toBeTruthy();
  });

  it('shows a live message in the open chat and reads it (after= fetch)', async () => {
    const { socket, calls } = renderMessages(
      '/messages?user=mehmet',
      chatRoutes([{ id: 'm1', text: 'Yarın görüşürüz', timestamp: ago(20_000), isOwn: false }]),
    );
    const chat = await screen.findByRole('list', { name: 'Mehmet Demir ile mesajlar' });
    await socket.serverEmit('message:new', incoming(mehmet, 'Saat kaçta?', 1));
    expect(within(chat).getAllByTestId('message').map((m) => m.textContent)).toEqual([
      'Yarın görüşürüzŞimdiBildir',
      'Saat kaçta?ŞimdiBildir',
    ]);
    // The open conversation keeps no unread badge...
    expect(within(items()[0]).queryByTestId('unread-badge')).toBeNull();
    // ...and is read on the server through the gap-filling fetch.
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('/conversation/mehmet?') && call.url.includes('after=m1'))).toBe(
        true,
      ),
    );
  });

  it('starts a conversation with a member who has none yet (their profile gives the header)', async () => {
    const elif = makeUser({ _id: 'u-elif', id: 'u-elif', username: 'elif', displayName: 'Elif Şahin', isVerified: false });
    const { calls } = renderMessages('/messages?user=elif', {
      'GET /api/users/profile/elif': { body: { user: elif } },
      'GET /api/messages/conversation/u-elif': { body: { messages: [], nextCursor: null } },
      'POST /api/messages/send': {
        body: {
          message: { id: 'm9', text: 'Merhaba Elif', timestamp: new Date().toISOString(), isOwn: true },
          conversation: {
            id: 'u-elif',
            user: { _id: 'u-elif', id: 'u-elif', username: 'elif', displayName: 'Elif Şahin', isVerified: false },
            lastMessage: { text: 'Merhaba Elif', timestamp: new Date().toISOString(), isRead: true },
            unreadCount: 0,
          },
        },
      },
    });
    expect(await screen.findByText('Elif Şahin ile sohbeti ilk mesajınızla başlatın.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Mesaj' }), 'Merhaba Elif{Enter}');
    await waitFor(() => expect(names()[0]).toBe('u-elif'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      receiverId: 'u-elif',
      content: 'Merhaba Elif',
    });
    // The tab's socket id goes along, so the server sends this tab no echo.
    expect(calls.find((call) => call.method === 'POST')?.headers['X-Socket-Id']).toBe('sock-test');
    // A key of its own, so a retry of this send cannot deliver the message twice.
    expect(calls.find((call) => call.method === 'POST')?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says "Kullanıcı bulunamadı" for an unknown member', async () => {
    renderMessages('/messages?user=yok', {
      'GET /api/users/profile/yok': { status: 404, body: { message: 'Kullanıcı bulunamadı.' } },
    });
    expect(await screen.findByText('Kullanıcı bulunamadı')).toBeTruthy();
  });

  it('fills the gap after a reconnect: newer messages (after=) and the list again', async () => {
    let listCalls = 0;
    const { socket, calls } = renderMessages('/messages?user=mehmet', {
      'GET /api/messages/conversations': () => {
        listCalls += 1;
        return { body: { conversations: [mehmet, zeynep], nextCursor: null } };
      },
      'GET /api/messages/conversation/mehmet': (_init, url) =>
        url.includes('after=m1')
          ? {
              body: {
                messages: [{ id: 'm2', text: 'Kaçırdığın mesaj', timestamp: ago(5_000), isOwn: false }],
                nextCursor: null,
              },
            }
          : {
              body: {
                messages: [{ id: 'm1', text: 'İlk', timestamp: ago(60_000), isOwn: false }],
                nextCursor: null,
              },
            },
    });
    const chat = await screen.findByRole('list', { name: 'Mehmet Demir ile mesajlar' });
    expect(listCalls).toBe(1);
    await socket.drop();
    await socket.reconnect();
    expect(await within(chat).findByText('Kaçırdığın mesaj')).toBeTruthy();
    await waitFor(() => expect(listCalls).toBe(2));
    expect(calls.filter((call) => call.url.includes('after=m1'))).toHaveLength(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '../../../lib/types';
import { createFakeSocket } from '../../../test/fake-socket';
import type { MockRoutes } from '../../../test/fetch-mock';
import { deferred, member, renderWithProviders } from '../../../test/render';
import { resetOutboxes } from '../api/outbox';
import { ChatPane } from './chat-pane';

afterEach(() => resetOutboxes());

const zeynep = { _id: 'u-zeynep', id: 'u-zeynep', username: 'zeynep', displayName: 'Zeynep Kaya', isVerified: false };

function message(overrides: Partial<Message>): Message {
  return {
    id: 'm0',
    text: 'Merhaba',
    timestamp: new Date(Date.now() - 10 * 60_000).toISOString(),
    isOwn: false,
    ...overrides,
  };
}

function renderChat(
  routes: MockRoutes = {},
  messages: Message[] = [],
  socket?: ReturnType<typeof createFakeSocket>,
) {
  return renderWithProviders(<ChatPane userId="u-zeynep" user={zeynep} now={Date.now()} />, {
    user: member,
    socket: socket?.factory,
    fetch: {
      'GET /api/messages/conversation/u-zeynep': { body: { messages, nextCursor: null } },
      ...routes,
    },
  });
}

function box() {
  return screen.getByRole('textbox', { name: 'Mesaj' }) as HTMLTextAreaElement;
}

function sends<T extends { method: string; url: string }>(calls: T[]) {
  return calls.filter((call) => call.method === 'POST' && call.url === '/api/messages/send');
}

const sent = (content: string) => ({
  body: {
    message: { id: 'm-new', text: content, timestamp: new Date().toISOString(), isOwn: true },
    conversation: {
      id: 'u-zeynep',
      user: zeynep,
      lastMessage: { text: content, timestamp: new Date().toISOString(), isRead: true },
      unreadCount: 0,
    },
  },
});

describe('ChatPane', () => {
  it('Bildir under another member’s message reports that message (not one’s own)', async () => {
    let body: unknown;
    renderChat(
      {
        'GET /api/posts/user/zeynep': { body: { posts: [], nextCursor: null } },
        'POST /api/reports': (init) => {
          body = JSON.parse(String(init?.body));
          return { status: 201, body: { message: 'Teşekkürler', report: { id: 'r1', updated: false } } };
        },
      },
      [message({ id: 'm2', text: 'kendi mesajım', isOwn: true }), message({ id: 'm1', text: 'tehdit' })],
    );
    const buttons = await screen.findAllByRole('button', { name: 'Mesajı bildir' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Mesajı bildir' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Şiddet' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bildir' }));
    expect(await screen.findByTestId('report-thanks')).toBeTruthy();
    expect(body).toEqual({ targetType: 'message', targetId: 'm1', category: 'violence' });
  });

  it('shows the messages oldest first, own ones marked, and the member in the header', async () => {
    renderChat({}, [
      message({ id: 'm2', text: 'Sen nasılsın?', isOwn: true, timestamp: new Date().toISOString() }),
      message({ id: 'm1', text: 'İyiyim, teşekkürler' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Zeynep Kaya ile mesajlar' });
    const items = within(list).getAllByTestId('message');
    expect(items.map((item) => item.textContent)).toEqual([
      'İyiyim, teşekkürler10dkBildir',
      'Siz: Sen nasılsın?Şimdi',
    ]);
    expect(items.map((item) => item.getAttribute('data-own'))).toEqual(['false', 'true']);
    expect(screen.getByRole('link', { name: /Zeynep Kaya/ }).getAttribute('href')).toBe(
      '/profile/zeynep',
    );
  });

  it('says "Henüz mesajınız yok" for a conversation without messages', async () => {
    renderChat();
    expect(await screen.findByText('Henüz mesajınız yok')).toBeTruthy();
  });

  it('shows an error with a retry when the messages cannot be loaded', async () => {
    let fail = true;
    renderChat({
      'GET /api/messages/conversation/u-zeynep': () =>
        fail
          ? { status: 500, body: { message: 'Hata' } }
          : { body: { messages: [message({ id: 'm1', text: 'Geldi' })], nextCursor: null } },
    });
    expect(await screen.findByText('Mesajlar yüklenemedi')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Geldi')).toBeTruthy();
  });

  it('sends the trimmed text on Enter and clears the box on success', async () => {
    const { calls } = renderChat({
      'POST /api/messages/send': (init) => sent(JSON.parse(String(init?.body)).content),
    });
    await screen.findByText('Henüz mesajınız yok');
    await userEvent.type(box(), '  Selam Zeynep!  {Enter}');
    await waitFor(() => expect(box().value).toBe(''));
    expect(sends(calls).map((call) => (call as { body?: unknown }).body)).toEqual([
      { receiverId: 'u-zeynep', content: 'Selam Zeynep!' },
    ]);
    // The answer joins the chat without a refetch.
    expect(await screen.findByText('Selam Zeynep!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Gönderiliyor…')).toBeNull());
    expect(screen.getAllByTestId('message')).toHaveLength(1);
  });

  it('inserts a new line on Shift+Enter and does not send', async () => {
    const { calls } = renderChat({ 'POST /api/messages/send': sent('x') });
    await screen.findByText('Henüz mesajınız yok');
    await userEvent.type(box(), 'Birinci satır{Shift>}{Enter}{/Shift}ikinci satır');
    expect(box().value).toBe('Birinci satır\nikinci satır');
    expect(sends(calls)).toHaveLength(0);
  });

  it('sends nothing for an empty or blank box', async () => {
    const { calls } = renderChat({ 'POST /api/messages/send': sent('x') });
    await screen.findByText('Henüz mesajınız yok');
    await userEvent.type(box(), '{Enter}');
    await userEvent.type(box(), '   {Enter}');
    expect(sends(calls)).toHaveLength(0);
    expect(box().value).toBe('   ');
    expect((screen.getByRole('button', { name: 'Gönder' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('puts the text back and shows nothing when sending fails on the server (logged only)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = renderChat({
      'POST /api/messages/send': { status: 500, body: { message: 'Sunucu hatası' } },
    });
    await screen.findByText('Henüz mesajınız yok');
    await userEvent.type(box(), 'Gitmeyecek mesaj{Enter}');
    await waitFor(() => expect(box().value).toBe('Gitmeyecek mesaj'));
    expect(error).toHaveBeenCalled();
    expect(sends(calls)).toHaveLength(1);
    expect(screen.queryByText('Gönderiliyor…')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Sunucu hatası')).toBeNull();
  });

  it('sends queued messages one at a time, in order, each shown as sending until stored', async () => {
    const first = deferred<ReturnType<typeof sent>>();
    const { calls } = renderChat({
      'POST /api/messages/send': (init) => {
        const { content } = JSON.parse(String(init?.body)) as { content: string };
        return content === 'Bir' ? first.promise : sent(content);
      },
    });
    await screen.findByText('Henüz mesajınız yok');
    await userEvent.type(box(), 'Bir{Enter}');
    await userEvent.type(box(), 'İki{Enter}');
    expect(box().value).toBe('');
    expect(screen.getAllByText('Gönderiliyor…')).toHaveLength(2);
    expect(sends(calls)).toHaveLength(1);
    first.resolve({ body: { ...sent('Bir').body, message: { ...sent('Bir').body.message, id: 'm-1' } } });
    await waitFor(() => expect(screen.queryByText('Gönderiliyor…')).toBeNull());
    expect(sends(calls).map((call) => (call.body as { content: string }).content)).toEqual([
      'Bir',
      'İki',
    ]);
    const keys = sends(calls).map((call) => call.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('keeps a message sent offline as "Gönderiliyor…" and sends it once, with the same key, when the connection returns', async () => {
    const socket = createFakeSocket();
    let online = true;
    let stored = 0;
    const { calls } = renderChat(
      {
        'POST /api/messages/send': (init) => {
          if (!online) return { networkError: true };
          stored += 1;
          return sent(JSON.parse(String(init?.body)).content);
        },
      },
      [],
      socket,
    );
    await screen.findByText('Henüz mesajınız yok');
    await socket.socket.drop();
    online = false;
    await userEvent.type(box(), 'Çevrimdışı yazdım{Enter}');
    const row = await screen.findByText('Çevrimdışı yazdım');
    expect(row.closest('li')?.textContent).toContain('Gönderiliyor…');
    await waitFor(() => expect(sends(calls).length).toBeGreaterThan(0));
    expect(box().value).toBe('');

    online = true;
    await socket.socket.reconnect();
    await waitFor(() => expect(screen.queryByText('Gönderiliyor…')).toBeNull());
    expect(stored).toBe(1);
    expect(screen.getAllByText('Çevrimdışı yazdım')).toHaveLength(1);
    const keys = new Set(sends(calls).map((call) => call.headers['Idempotency-Key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server’s reason for a refused message, puts its text back and does not retry it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const socket = createFakeSocket();
    const { calls } = renderChat(
      {
        'POST /api/messages/send': {
          status: 403,
          body: { message: 'Bu kullanıcıya mesaj gönderemezsiniz.' },
        },
      },
      [],
      socket,
    );
    await screen.findByText('Henüz mesajınız yok');
    await userEvent.type(box(), 'Engelli kişiye{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Gönderilemedi: Bu kullanıcıya mesaj gönderemezsiniz.',
    );
    expect(box().value).toBe('Engelli kişiye');
    expect(screen.queryByText('Gönderiliyor…')).toBeNull();
    await socket.socket.drop();
    await socket.socket.reconnect();
    expect(sends(calls)).toHaveLength(1);
  });

  it('sends a message queued before a reload, with the key it had', async () => {
    sessionStorage.setItem(
      'gundem_outbox:u-ayse',
      JSON.stringify([
        {
          key: '7d0c1c9e-3a8b-4f7e-9a55-1b0f4c2d9e11',
          receiverId: 'u-zeynep',
          content: 'Yenilemeden önce',
          createdAt: new Date().toISOString(),
        },
      ]),
    );
    // A small server: what was sent is in the conversation from then on.
    const stored: Message[] = [];
    const { calls } = renderChat({
      'GET /api/messages/conversation/u-zeynep': () => ({
        body: { messages: [...stored], nextCursor: null },
      }),
      'POST /api/messages/send': (init) => {
        const answer = sent(JSON.parse(String(init?.body)).content);
        stored.unshift(answer.body.message);
        return answer;
      },
    });
    expect(await screen.findByText('Yenilemeden önce')).toBeTruthy();
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0].headers['Idempotency-Key']).toBe('7d0c1c9e-3a8b-4f7e-9a55-1b0f4c2d9e11');
    await waitFor(() => expect(sessionStorage.getItem('gundem_outbox:u-ayse')).toBeNull());
    await waitFor(() => expect(screen.queryByText('Gönderiliyor…')).toBeNull());
    expect(screen.getAllByText('Yenilemeden önce')).toHaveLength(1);
  });

  describe('who may message them (issue 26)', () => {
    it.each([
      ['nobody', 'Bu kişi mesaj almıyor.'],
      ['following', 'Bu kişi yalnızca takip ettiği hesaplardan mesaj alıyor.'],
    ])('refused (%s): the box is disabled and says why before typing; nothing can be sent', async (refusal, text) => {
      const { calls } = renderChat({
        'GET /api/messages/conversation/u-zeynep': {
          body: { messages: [message({ id: 'm1', text: 'Eski mesaj' })], nextCursor: null, canMessage: false, messageRefusal: refusal },
        },
      });
      // The thread stays readable.
      expect(await screen.findByText('Eski mesaj')).toBeTruthy();
      const reason = await screen.findByTestId('message-refusal');
      expect(reason.textContent).toBe(text);
      expect(box().disabled).toBe(true);
      expect(box().getAttribute('aria-describedby')).toContain(reason.id);
      expect((screen.getByRole('button', { name: 'Gönder' }) as HTMLButtonElement).disabled).toBe(true);
      await userEvent.type(box(), 'Selam{Enter}');
      expect(sends(calls)).toEqual([]);
    });

    it('allowed: the box takes text and no reason is shown', async () => {
      renderChat({ 'GET /api/messages/conversation/u-zeynep': { body: { messages: [], nextCursor: null, canMessage: true } } });
      await screen.findByText('Henüz mesajınız yok');
      expect(box().disabled).toBe(false);
      expect(screen.queryByTestId('message-refusal')).toBeNull();
    });
  });
});

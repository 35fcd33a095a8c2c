import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '../../../lib/types';
import type { MockRoutes } from '../../../test/fetch-mock';
import { deferred, member, renderWithProviders } from '../../../test/render';
import { ChatPane } from './chat-pane';

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

function renderChat(routes: MockRoutes = {}, messages: Message[] = []) {
  return renderWithProviders(<ChatPane userId="u-zeynep" user={zeynep} now={Date.now()} />, {
    user: member,
    fetch: {
      'GET /api/messages/conversation/u-zeynep': { body: { messages, nextCursor: null } },
      ...routes,
    },
  });
}

function box() {
  return screen.getByRole('textbox', { name: 'Mesaj' }) as HTMLTextAreaElement;
}

function sends(calls: { method: string; url: string }[]) {
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
  it('shows the messages oldest first, own ones marked, and the member in the header', async () => {
    renderChat({}, [
      message({ id: 'm2', text: 'Sen nasılsın?', isOwn: true, timestamp: new Date().toISOString() }),
      message({ id: 'm1', text: 'İyiyim, teşekkürler' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Zeynep Kaya ile mesajlar' });
    const items = within(list).getAllByTestId('message');
    expect(items.map((item) => item.textContent)).toEqual([
      'İyiyim, teşekkürler10dk',
      'Sen: Sen nasılsın?Şimdi',
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

  it('keeps the text and shows nothing when sending fails (logged only)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = renderChat({
      'POST /api/messages/send': { status: 500, body: { message: 'Sunucu hatası' } },
    });
    await screen.findByText('Henüz mesajınız yok');
    await userEvent.type(box(), 'Gitmeyecek mesaj{Enter}');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(sends(calls)).toHaveLength(1);
    expect(box().value).toBe('Gitmeyecek mesaj');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Sunucu hatası')).toBeNull();
  });

  it('does not send twice while a send is under way', async () => {
    const reply = deferred<ReturnType<typeof sent>>();
    const { calls } = renderChat({ 'POST /api/messages/send': () => reply.promise });
    await screen.findByText('Henüz mesajınız yok');
    await userEvent.type(box(), 'Bir kez{Enter}');
    await userEvent.type(box(), '{Enter}');
    expect(sends(calls)).toHaveLength(1);
    reply.resolve(sent('Bir kez'));
    await waitFor(() => expect(box().value).toBe(''));
  });
});

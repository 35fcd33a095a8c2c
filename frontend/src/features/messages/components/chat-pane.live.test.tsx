import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '../../../lib/types';
import { createFakeSocket } from '../../../test/fake-socket';
import type { MockRoutes } from '../../../test/fetch-mock';
import { member, renderWithProviders } from '../../../test/render';
import { resetOutboxes } from '../api/outbox';
import { useUnreadMessageCount } from '../api/unread-count';
import { useLiveMessages } from '../hooks/use-live-messages';
import { ChatPane } from './chat-pane';

// The chat's live details (issue 14): yazıyor…, Görüldü and the unread total.

afterEach(() => {
  resetOutboxes();
  vi.useRealTimers();
});

const zeynep = { _id: 'u-zeynep', id: 'u-zeynep', username: 'zeynep', displayName: 'Zeynep Kaya', isVerified: false };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const history: Message[] = [
  // Newest first, as the server answers.
  { id: 'm3', text: 'Yarın görüşürüz', timestamp: minutesAgo(1), isOwn: true },
  { id: 'm2', text: 'Olur', timestamp: minutesAgo(2), isOwn: false },
  { id: 'm1', text: 'Kahve?', timestamp: minutesAgo(3), isOwn: true },
];

/** The pane as the messages screen mounts it (with its live hook). */
function Screen() {
  useLiveMessages('u-zeynep');
  return <ChatPane userId="u-zeynep" user={zeynep} now={Date.now()} />;
}

function renderChat(page: { messages?: Message[]; seen?: { messageId: string; readAt: string } | null } = {}, routes: MockRoutes = {}) {
  const socket = createFakeSocket();
  const view = renderWithProviders(<Screen />, {
    user: member,
    socket: socket.factory,
    fetch: {
      'GET /api/messages/conversation/u-zeynep': { body: { messages: page.messages ?? history, nextCursor: null, seen: page.seen ?? null } },
      ...routes,
    },
  });
  return { ...view, socket: socket.socket };
}

const header = () => screen.getByRole('banner');
const incoming = (id: string, text: string) => ({
  message: { id, text, timestamp: new Date().toISOString(), isOwn: false },
  conversation: { id: 'u-zeynep', user: zeynep, lastMessage: { text, timestamp: new Date().toISOString(), isRead: false }, unreadCount: 1 },
});

describe('ChatPane: yazıyor…', () => {
  it('shows yazıyor… in the header while the member types, and ends it when their message arrives', async () => {
    const { socket } = renderChat({}, { 'GET /api/messages/conversation/u-zeynep?limit=100&after=m3': { body: { messages: [], nextCursor: null } } });
    await screen.findByText('Kahve?');
    expect(within(header()).queryByText('yazıyor…')).toBeNull();
    expect(within(header()).getByText('@zeynep')).toBeTruthy();

    // Someone else typing to the viewer is not this conversation.
    await socket.serverEmit('message:typing', { from: 'u-baska' });
    expect(within(header()).queryByText('yazıyor…')).toBeNull();

    await socket.serverEmit('message:typing', { from: 'u-zeynep' });
    expect(within(header()).getByText('yazıyor…')).toBeTruthy();
    expect(within(header()).queryByText('@zeynep')).toBeNull();

    await socket.serverEmit('message:new', incoming('m4', 'Geldim'));
    await waitFor(() => expect(within(header()).queryByText('yazıyor…')).toBeNull());
    expect(within(header()).getByText('@zeynep')).toBeTruthy();
  });

  it('ends yazıyor… after 5 s without another word, and keeps it while words keep coming', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { socket } = renderChat();
    await screen.findByText('Kahve?');
    await socket.serverEmit('message:typing', { from: 'u-zeynep' });
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    await socket.serverEmit('message:typing', { from: 'u-zeynep' });
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    // 8 s after the first word, 4 s after the last: still typing.
    expect(within(header()).getByText('yazıyor…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(within(header()).queryByText('yazıyor…')).toBeNull();
  });

  it('tells the member once per 2 s while the viewer types, and at once again after a send', async () => {
    const { socket } = renderChat(
      {},
      {
        'POST /api/messages/send': {
          body: {
            message: { id: 'm9', text: 'Tamam', timestamp: new Date().toISOString(), isOwn: true },
            conversation: { id: 'u-zeynep', user: zeynep, lastMessage: { text: 'Tamam', timestamp: new Date().toISOString(), isRead: true }, unreadCount: 0 },
          },
        },
      },
    );
    await screen.findByText('Kahve?');
    const typings = () => socket.sent.filter((e) => e.event === 'message:typing');
    const box = screen.getByRole('textbox', { name: 'Mesaj' });
    await userEvent.type(box, 'Tamam');
    expect(typings()).toEqual([{ event: 'message:typing', args: [{ to: 'u-zeynep' }] }]);
    await userEvent.type(box, '{Enter}');
    await userEvent.type(box, 'S');
    expect(typings()).toHaveLength(2);
  });
});

describe('ChatPane: Görüldü', () => {
  it('shows Görüldü under the last own message when the page says it was read (after a reload)', async () => {
    renderChat({ seen: { messageId: 'm3', readAt: minutesAgo(0) } });
    const seen = await screen.findByTestId('seen');
    expect(seen.textContent).toBe('Görüldü');
    expect(seen.closest('li')?.textContent).toContain('Yarın görüşürüz');
    expect(screen.getAllByText('Görüldü')).toHaveLength(1);
  });

  it('shows nothing while the last own message is unread, though an older one was read', async () => {
    renderChat({ seen: { messageId: 'm1', readAt: minutesAgo(2) } });
    await screen.findByText('Kahve?');
    expect(screen.queryByText('Görüldü')).toBeNull();
  });

  it('shows Görüldü live on message:read from the member, and not for the viewer’s own read on another tab', async () => {
    const { socket } = renderChat();
    await screen.findByText('Kahve?');
    expect(screen.queryByText('Görüldü')).toBeNull();
    await socket.serverEmit('message:read', { conversationId: 'u-zeynep', messageId: 'm2', readAt: new Date().toISOString(), byViewer: true, totalUnread: 0 });
    expect(screen.queryByText('Görüldü')).toBeNull();
    await socket.serverEmit('message:read', { conversationId: 'u-baska', messageId: 'x', readAt: new Date().toISOString(), byViewer: false });
    expect(screen.queryByText('Görüldü')).toBeNull();
    await socket.serverEmit('message:read', { conversationId: 'u-zeynep', messageId: 'm3', readAt: new Date().toISOString(), byViewer: false });
    expect((await screen.findByTestId('seen')).closest('li')?.textContent).toContain('Yarın görüşürüz');
  });
});

function Badge() {
  return <output aria-label="okunmamış">{useUnreadMessageCount()}</output>;
}

describe('useUnreadMessageCount', () => {
  it('reads the total after a reload and follows the absolute totals of message:new and message:read', async () => {
    const socket = createFakeSocket();
    renderWithProviders(<Badge />, {
      user: member,
      socket: socket.factory,
      fetch: { 'GET /api/messages/unread-count': { body: { count: 3 } } },
    });
    const badge = () => screen.getByRole('status', { name: 'okunmamış' }).textContent;
    await waitFor(() => expect(badge()).toBe('3'));
    await socket.socket.serverEmit('message:new', { ...incoming('m5', 'Selam'), totalUnread: 4 });
    expect(badge()).toBe('4');
    // The other member read the viewer's messages: the viewer's total does not change.
    await socket.socket.serverEmit('message:read', { conversationId: 'u-zeynep', messageId: 'm3', readAt: new Date().toISOString(), byViewer: false });
    expect(badge()).toBe('4');
    // Read on another tab of the viewer.
    await socket.socket.serverEmit('message:read', { conversationId: 'u-zeynep', messageId: 'm5', readAt: new Date().toISOString(), byViewer: true, totalUnread: 1 });
    expect(badge()).toBe('1');
  });

  it('is 0 for a guest and asks nothing', async () => {
    const { calls } = renderWithProviders(<Badge />, { fetch: {} });
    await act(() => Promise.resolve());
    expect(screen.getByRole('status', { name: 'okunmamış' }).textContent).toBe('0');
    expect(calls.filter((c) => c.url.includes('unread-count'))).toEqual([]);
  });
});

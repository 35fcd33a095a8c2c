import type { NotificationGroup, NotificationPage, UserSummary } from '@gundem/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeSocket } from '../../../test/fake-socket';
import type { MockRoutes } from '../../../test/fetch-mock';
import { makeMedia } from '../../../test/fixtures';
import { currentLocation, deferred, member, renderWithProviders } from '../../../test/render';
import { LiveNotifications } from './live-notifications';
import { NotificationsBadge } from './notifications-badge';
import { NotificationsView, notificationSentence } from './notifications-view';

function actor(username: string, displayName: string, isVerified = false): UserSummary {
  return { _id: `u-${username}`, id: `u-${username}`, username, displayName, isVerified, profileImage: null };
}
const zeynep = actor('zeynep', 'Zeynep Kaya', true);
const mehmet = actor('mehmet', 'Mehmet Demir');
const can = actor('can', 'Can Öz');

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function group(overrides: Partial<NotificationGroup> & Pick<NotificationGroup, 'id' | 'type'>): NotificationGroup {
  return {
    post:
      overrides.type === 'follow'
        ? null
        : { _id: `p-${overrides.id}`, id: `p-${overrides.id}`, content: 'Boğaz’da yürüyüş zamanı! #istanbul', replyToId: null },
    actors: [zeynep],
    actorCount: 1,
    latestAt: minutesAgo(1),
    read: false,
    ...overrides,
  };
}

function pageOf(notifications: NotificationGroup[], unreadCount: number, nextCursor: string | null = null): NotificationPage {
  return { notifications, nextCursor, unreadCount };
}

const LIKE = group({ id: 'g-like', type: 'like', actors: [zeynep, mehmet, can], actorCount: 4, latestAt: minutesAgo(0.5) });
const FOLLOW = group({ id: 'g-follow', type: 'follow', actors: [mehmet, can], actorCount: 2, latestAt: minutesAgo(12) });
const MENTION = group({ id: 'g-mention', type: 'mention', actors: [can], latestAt: minutesAgo(120), read: true });

function renderView(routes: MockRoutes = {}, first: NotificationGroup[] = [LIKE, FOLLOW, MENTION], unread = 2) {
  const fake = createFakeSocket();
  const view = renderWithProviders(
    <>
      <LiveNotifications />
      <NotificationsBadge />
      <NotificationsView />
    </>,
    {
      user: member,
      socket: fake.factory,
      path: '/notifications',
      fetch: {
        'GET /api/notifications/unread-count': { body: { count: unread } },
        // Opening the screen marks everything read (tested on its own below); here that answer
        // does not come, so that the other behaviours are seen apart from it.
        'POST /api/notifications/read-all': () => new Promise<never>(() => undefined),
        'GET /api/notifications': (_init, url) => {
          const filter = new URL(url, 'http://x').searchParams.get('filter');
          return { body: pageOf(filter === 'all' ? first : [], unread) };
        },
        ...routes,
      },
    },
  );
  return { ...view, socket: fake.socket };
}

const items = () => screen.getAllByTestId('notification');
const text = (item: HTMLElement) => within(item).getByTestId('notification-text').textContent?.replace(/\s+/g, ' ').trim();
const listCalls = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/notifications?'));

describe('notification sentences', () => {
  it.each([
    [{ type: 'like', actors: [zeynep], actorCount: 1 }, 'Zeynep Kaya gönderinizi beğendi'],
    [{ type: 'like', actors: [zeynep, mehmet], actorCount: 2 }, 'Zeynep Kaya ve Mehmet Demir gönderinizi beğendi'],
    [{ type: 'like', actors: [zeynep, mehmet, can], actorCount: 4 }, 'Zeynep Kaya ve 3 kişi daha gönderinizi beğendi'],
    [{ type: 'repost', actors: [mehmet, can, zeynep], actorCount: 3 }, 'Mehmet Demir ve 2 kişi daha gönderinizi yeniden paylaştı'],
    [{ type: 'follow', actors: [can, mehmet, zeynep], actorCount: 1000 }, 'Can Öz ve 999+ kişi daha sizi takip etmeye başladı'],
    [{ type: 'reply', actors: [can], actorCount: 1 }, 'Can Öz gönderinize yanıt verdi'],
    [{ type: 'mention', actors: [can], actorCount: 1 }, 'Can Öz bir gönderide sizden bahsetti'],
    // Staff's action on the member's own account: nobody named (the actor is the member).
    [{ type: 'moderation', actors: [can], actorCount: 1 }, 'Hesabınızla ilgili yeni bir moderasyon bildirimi var'],
  ] as const)('%o → %s', (fields, sentence) => {
    expect(notificationSentence(group({ id: 'x', ...fields, actors: [...fields.actors] }))).toBe(sentence);
  });

  it('says staff acted on a report without naming anyone or the action', async () => {
    const resolved = group({ id: 'g-report', type: 'report_resolved', post: null, actors: [], actorCount: 0 });
    expect(notificationSentence(resolved)).toBe('Bildiriminiz incelendi ve ekibimiz işlem yaptı. Teşekkürler!');
    renderView({ 'POST /api/notifications/g-report/read': { body: { unreadCount: 1 } } }, [resolved, LIKE], 2);
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(text(items()[0])).toBe('Bildiriminiz incelendi ve ekibimiz işlem yaptı. Teşekkürler!');
    expect(within(items()[0]).queryAllByTestId('avatar')).toEqual([]);
    // Opening it goes nowhere (no post, no profile) but marks it read.
    fireEvent.click(items()[0]);
    expect(currentLocation()).toBe('/notifications');
  });
});

describe('NotificationsView', () => {
  it('shows a loading state, then the server\'s groups: sentence, avatars, snippet, time, unread', async () => {
    const answer = deferred<{ body: NotificationPage }>();
    renderView({ 'GET /api/notifications': () => answer.promise });
    expect(await screen.findByRole('status', { name: 'Yükleniyor…' })).toBeTruthy();
    answer.resolve({ body: pageOf([LIKE, FOLLOW, MENTION], 2) });
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(screen.queryByRole('status', { name: 'Yükleniyor…' })).toBeNull();

    const [like, follow, mention] = items();
    expect(text(like)).toMatch(/^Zeynep Kaya.* ve 3 kişi daha gönderinizi beğendi$/);
    expect(within(like).getByRole('img', { name: 'Onaylı hesap' })).toBeTruthy();
    expect(within(like).getAllByTestId('avatar').map((a) => a.textContent)).toEqual(['Z', 'M', 'C']);
    expect(within(like).getByText(/Boğaz’da yürüyüş/)).toBeTruthy();
    // Seconds old (format.test.ts has the exact forms): the fixture's time was taken when the file loaded.
    expect(within(like).getByText(/^\d+s$/)).toBeTruthy();
    expect(text(follow)).toBe('Mehmet Demir ve Can Öz sizi takip etmeye başladı');
    expect(within(follow).getByText('12dk')).toBeTruthy();
    expect(within(mention).getByText('2sa')).toBeTruthy();
    expect(items().map((item) => item.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    expect(screen.getByText('2 okunmamış bildirim', { selector: '.notifications__count' })).toBeTruthy();
  });

  it('shows the post’s pictures as thumbnails with their alt text, but not a sensitive post’s', async () => {
    const post = (id: string, sensitive: boolean) => ({
      _id: id,
      id,
      content: 'Fotoğraflar',
      replyToId: null,
      media: [makeMedia({ alt: 'Galata Kulesi' }), makeMedia({ alt: null })],
      sensitive,
    });
    const shown = group({ id: 'g-pic', type: 'like', post: post('p-pic', false) });
    const hidden = group({ id: 'g-hid', type: 'repost', post: post('p-hid', true) });
    renderView({}, [shown, hidden]);
    await waitFor(() => expect(items()).toHaveLength(2));
    const [withPictures, sensitive] = items();
    const thumbs = withPictures.querySelectorAll('img.notification__thumb');
    expect([...thumbs].map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['Galata Kulesi', expect.stringMatching(/-small\.webp$/)],
      ['', expect.stringMatching(/-small\.webp$/)],
    ]);
    expect(sensitive.querySelectorAll('img.notification__thumb')).toHaveLength(0);
  });

  it('asks the server for each tab\'s filter and shows each tab\'s empty state', async () => {
    const { calls } = renderView();
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(screen.getByRole('tab', { name: 'Bahsedenler' }));
    expect(await screen.findByText('Henüz sizden bahseden yok')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Onaylı' }));
    expect(await screen.findByText('Onaylı hesaplardan bildirim yok')).toBeTruthy();
    expect(listCalls(calls).map((call) => new URL(call.url, 'http://x').searchParams.get('filter'))).toEqual([
      'all',
      'mentions',
      'verified',
    ]);
  });

  it('shows an error state with a retry that loads the list', async () => {
    let fail = true;
    renderView({
      'GET /api/notifications': () =>
        fail ? { status: 500, body: { message: 'Sunucu hatası', statusCode: 500 } } : { body: pageOf([MENTION], 0) },
    });
    expect(await screen.findByText('Bildirimler yüklenemedi')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });

  it('loads the next keyset page with the cursor', async () => {
    const older = group({ id: 'g-old', type: 'reply', actors: [mehmet], latestAt: minutesAgo(3000) });
    const { calls } = renderView({
      'GET /api/notifications': (_init, url) => {
        const cursor = new URL(url, 'http://x').searchParams.get('cursor');
        return { body: cursor === 'c1' ? pageOf([older], 2) : pageOf([LIKE, FOLLOW], 2, 'c1') };
      },
    });
    await waitFor(() => expect(items()).toHaveLength(2));
    // jsdom has no IntersectionObserver: the sentinel is there, paging is asked by hand here.
    expect(document.querySelector('.notifications__more')).not.toBeNull();
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    // Re-render by switching tabs away and back, so the effect sees the observer.
    fireEvent.click(screen.getByRole('tab', { name: 'Bahsedenler' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Tümü' }));
    await waitFor(() => expect(observers.length).toBeGreaterThan(0));
    observers.at(-1)!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(text(items()[2])).toBe('Mehmet Demir gönderinize yanıt verdi');
    expect(listCalls(calls).some((call) => call.url.includes('cursor=c1'))).toBe(true);
    vi.unstubAllGlobals();
  });

  it('marks a clicked group read on the server and opens its post; a follow opens the profile', async () => {
    const { calls } = renderView({
      'POST /api/notifications/g-like/read': { body: { unreadCount: 1 } },
      'POST /api/notifications/g-follow/read': { body: { unreadCount: 0 } },
    });
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(items()[0]);
    expect(currentLocation()).toBe('/post/p-g-like');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/notifications/g-like/read')).toBe(true));
    // The badge takes the server's count.
    await waitFor(() => expect(screen.getByTestId('nav-badge').textContent).toContain('1 okunmamış bildirim'));
  });

  it('opens the follower\'s profile for a follow', async () => {
    renderView({ 'POST /api/notifications/g-follow/read': { body: { unreadCount: 1 } } });
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(items()[1]);
    expect(currentLocation()).toBe('/profile/mehmet');
  });

  it('marks everything read with Tümünü okundu işaretle', async () => {
    const { calls } = renderView({ 'POST /api/notifications/read-all': { body: { unreadCount: 0 } } });
    await waitFor(() => expect(items()).toHaveLength(3));
    const button = screen.getByRole('button', { name: 'Tümünü okundu işaretle' }) as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(items().every((item) => item.getAttribute('data-read') === 'true')).toBe(true));
    expect(calls.filter((call) => call.url === '/api/notifications/read-all')).toHaveLength(1);
    expect(button.disabled).toBe(true);
    expect(screen.queryByTestId('nav-badge')).toBeNull();
  });

  it('clears the badge when the screen is opened, marking everything read on the server', async () => {
    const answer = deferred<{ body: { unreadCount: number } }>();
    const { calls } = renderView({ 'POST /api/notifications/read-all': () => answer.promise });
    await waitFor(() => expect(items()).toHaveLength(3));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST' && call.url === '/api/notifications/read-all')).toHaveLength(1),
    );
    answer.resolve({ body: { unreadCount: 0 } });
    await waitFor(() => expect(screen.queryByTestId('nav-badge')).toBeNull());
    expect(items().every((item) => item.getAttribute('data-read') === 'true')).toBe(true);
    expect(document.querySelector('.notifications__count')?.textContent).toBe('');
    // Asked once, not again after its own answer.
    expect(calls.filter((call) => call.url === '/api/notifications/read-all')).toHaveLength(1);
  });

  it('keeps the badge when marking read fails, and does not ask again and again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = renderView({ 'POST /api/notifications/read-all': { status: 500, body: { message: 'Sunucu hatası' } } });
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByTestId('nav-badge').textContent).toContain('2 okunmamış bildirim');
    expect(calls.filter((call) => call.url === '/api/notifications/read-all')).toHaveLength(1);
  });

  it('follows notification:new and notification:read live, without asking the list again', async () => {
    const { socket, calls } = renderView();
    await waitFor(() => expect(items()).toHaveLength(3));
    const before = listCalls(calls).length;

    // A brand-new group goes on top.
    const reply = group({ id: 'g-reply', type: 'reply', actors: [mehmet], latestAt: new Date().toISOString() });
    await socket.serverEmit('notification:new', { unreadCount: 3, notification: reply });
    expect(items().map((item) => item.getAttribute('data-read'))).toEqual(['false', 'false', 'false', 'true']);
    expect(text(items()[0])).toBe('Mehmet Demir gönderinize yanıt verdi');

    // An existing group gains an actor: it moves to the top, once, and is unread again.
    const mention = { ...MENTION, read: false, latestAt: new Date().toISOString() };
    await socket.serverEmit('notification:new', { unreadCount: 4, notification: mention });
    expect(items()).toHaveLength(4);
    expect(text(items()[0])).toBe('Can Öz bir gönderide sizden bahsetti');
    expect(items()[0].getAttribute('data-read')).toBe('false');
    expect(screen.getByTestId('nav-badge').textContent).toContain('4 okunmamış bildirim');

    // Read on another tab: one group, then all.
    await socket.serverEmit('notification:read', { unreadCount: 3, id: 'g-reply' });
    expect(items()[1].getAttribute('data-read')).toBe('true');
    await socket.serverEmit('notification:read', { unreadCount: 0, all: true });
    expect(items().every((item) => item.getAttribute('data-read') === 'true')).toBe(true);
    expect(screen.queryByTestId('nav-badge')).toBeNull();

    expect(listCalls(calls).length).toBe(before);
  });
});

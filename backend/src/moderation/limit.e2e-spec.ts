import type { NotificationNewEvent, NotificationType, PostNewEvent } from '@gundem/contract';
import { type ClientSocket, closeAllSockets, collect, connectSocket, postNewUntil, request, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NotificationsWriter } from '../notifications/notifications.writer';
import { TrendingService } from '../trending/trending.service';
import type { User } from '../users/user.entity';

type Member = Pick<User, 'id' | 'username'>;

/** A cursor before which every post lies: a page read fresh, never the shared first page (FirstPageCache). */
const FRESH = Buffer.from(`2999-01-01T00:00:00.000Z|ffffffff-ffff-4fff-bfff-ffffffffffff`).toString('base64url');

/**
 * Issue 25's `limit` account action: the account and its posts reach only its followers (and
 * itself), on every path that lists posts or accounts to others; profile, direct links and
 * replies in threads stay. A test per path, the action's rules, undo, and an accepted appeal.
 * Real PostgreSQL, real socket.io-client.
 */
describe('limit (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: User;
  let moderator: User;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    moderator = await t.createUser({ role: 'moderator' });
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const act = async (actor: Pick<User, 'id'>, targetId: string, body: object) =>
    t.http.post(`/api/admin/users/${targetId}/actions`).set('authorization', await t.bearer(actor)).send(body);
  const limit = async (target: Member) => {
    const res = await act(moderator, target.id, { kind: 'limit', reason: 'Spam gönderiler.' });
    expect(res.status).toBe(201);
    return res.body.action as { id: string };
  };
  const undo = async (actor: Pick<User, 'id'>, actionId: string) =>
    t.http.post(`/api/admin/actions/${actionId}/undo`).set('authorization', await t.bearer(actor));
  const follow = async (follower: Member, followee: Member) =>
    t.http.put(`/api/users/${followee.id}/follow`).set('authorization', await t.bearer(follower)).expect(200);
  const get = async (path: string, viewer?: Member) => {
    const req = t.http.get(path);
    if (viewer) req.set('authorization', await t.bearer(viewer));
    return (await req.expect(200)).body;
  };
  const authors = (body: { posts: { author: { id: string } }[] }) => body.posts.map((p) => p.author.id);
  const ids = (body: { users: { id: string }[] }) => body.users.map((u) => u.id);
  const limitedRow = async (id: string) => ((await t.db.query('SELECT limited FROM users WHERE id = $1', [id]))[0] as { limited: boolean }).limited;

  /** A limited account, one follower of it, and a stranger (neither follows). Limited first, so no shared page read before holds its posts. */
  const scene = async () => {
    const [limited, follower, stranger] = await t.createUsers(3);
    await follow(follower, limited);
    const action = await limit(limited);
    return { limited, follower, stranger, action };
  };

  describe('the action', () => {
    it('sets users.limited with its audit entry and notice; a second limit is a 409; days are refused; undo clears it', async () => {
      const member = await t.createUser();
      const res = await act(moderator, member.id, { kind: 'limit', reason: 'Tekrarlanan spam.' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ message: 'Hesap sınırlandırıldı.', action: { kind: 'limit', reason: 'Tekrarlanan spam.', endsAt: null, lifted: false, actor: { id: moderator.id } } });
      expect(await limitedRow(member.id)).toBe(true);

      const again = await act(admin, member.id, { kind: 'limit', reason: 'Yine.' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Bu hesap zaten sınırlandırılmış.');
      const timed = await act(admin, (await t.createUser()).id, { kind: 'limit', reason: 'Süreli.', days: 7 });
      expect(timed.status).toBe(400);
      expect(timed.body.message).toBe('Süre (days) yalnızca askıya almada gönderilir.');

      const [notice] = (await get('/api/moderation/notices', member)).notices;
      expect(notice).toMatchObject({ id: res.body.action.id, kind: 'limit', reason: 'Tekrarlanan spam.', lifted: false, canAppeal: true });
      // The profile and the member's own session are untouched: a limit is no suspension.
      await get(`/api/users/profile/${member.username}`);
      await get('/api/auth/me', member);

      const undone = await undo(moderator, res.body.action.id);
      expect(undone.status).toBe(200);
      expect(undone.body).toMatchObject({ message: 'İşlem geri alındı.', action: { lifted: true } });
      expect(await limitedRow(member.id)).toBe(false);
      const audit = await t.db.query(`SELECT action, reason, before, after FROM audit_log WHERE target_id = $1 ORDER BY created_at, id`, [member.id]);
      expect(audit).toEqual([
        { action: 'user.limit', reason: 'Tekrarlanan spam.', before: { limited: false }, after: { actionId: res.body.action.id, limited: true } },
        {
          action: 'user.action_undo',
          reason: 'Tekrarlanan spam.',
          before: { actionId: res.body.action.id, kind: 'limit', limited: true },
          after: { actionId: res.body.action.id, revoked: true, limited: false },
        },
      ]);
      // Limited again after the undo: a new standing limit is allowed.
      expect((await act(admin, member.id, { kind: 'limit', reason: 'Yeniden.' })).status).toBe(201);
    });

    it('a moderator cannot limit an admin or another moderator (403); an admin can limit a moderator', async () => {
      const other = await t.createUser({ role: 'moderator' });
      for (const target of [admin, other]) {
        const res = await act(moderator, target.id, { kind: 'limit', reason: 'Deneme.' });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Yönetici ve moderatör hesapları hakkında yalnızca yöneticiler işlem yapabilir.');
        expect(await limitedRow(target.id)).toBe(false);
      }
      expect((await act(admin, other.id, { kind: 'limit', reason: 'Deneme.' })).status).toBe(201);
      const member = await t.createUser();
      const refused = await act(member, other.id, { kind: 'limit', reason: 'Deneme.' });
      expect(refused.status).toBe(403);
    });

    it('an accepted appeal of a limit lifts it, and the member is told', async () => {
      const member = await t.createUser();
      const action = await limit(member);
      const sent = await t.http.post(`/api/moderation/notices/${action.id}/appeal`).set('authorization', await t.bearer(member)).send({ text: 'Spam yapmadım.' });
      expect(sent.status).toBe(201);
      const queue = (await get('/api/admin/appeals', moderator)).appeals as Array<{ id: string; action: { id: string } }>;
      const appeal = queue.find((a) => a.action.id === action.id);
      expect(appeal).toBeDefined();
      const decided = await t.http.post(`/api/admin/appeals/${appeal?.id}/accept`).set('authorization', await t.bearer(admin)).send({ reply: 'Haklısınız.' });
      expect(decided.status).toBe(200);
      expect(decided.body.message).toBe('İtiraz kabul edildi; işlem geri alındı.');
      expect(await limitedRow(member.id)).toBe(false);
      const [notice] = (await get('/api/moderation/notices', member)).notices;
      expect(notice).toMatchObject({ kind: 'limit', lifted: true, appeal: { status: 'accepted', reply: 'Haklısınız.' } });
      // Its posts are in everyone's timeline again.
      const post = await t.createPost(member, 'itirazdan sonra');
      expect((await get(`/api/posts/timeline?limit=100&cursor=${FRESH}`, await t.createUser())).posts.map((p: { id: string }) => p.id)).toContain(post.id);
    });
  });

  describe('where it holds', () => {
    it('the everyone timeline (Size özel, Son): gone for strangers and guests, on the shared first page and later pages; there for followers and itself', async () => {
      const { limited, follower, stranger } = await scene();
      const post = await t.createPost(limited, 'sınırlı hesabın gönderisi');
      const mine = await t.createPost(stranger, 'yabancının gönderisi');
      // The shared first page (a guest's and a member's without blocks), and a fresh page.
      expect(authors(await get('/api/posts/timeline'))).not.toContain(limited.id);
      expect(authors(await get('/api/posts/timeline', stranger))).not.toContain(limited.id);
      expect(authors(await get('/api/posts/timeline', stranger))).toContain(stranger.id);
      expect(authors(await get(`/api/posts/timeline?limit=100&cursor=${FRESH}`, stranger))).not.toContain(limited.id);
      expect(authors(await get(`/api/posts/timeline?limit=100&cursor=${FRESH}`))).not.toContain(limited.id);
      // The follower's default first page is their own (the shared one lacks the post), full, both posts in it.
      const forFollower = await get('/api/posts/timeline', follower);
      expect(forFollower.posts.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([post.id, mine.id]));
      expect(authors(await get(`/api/posts/timeline?limit=100&cursor=${FRESH}`, follower))).toContain(limited.id);
      expect(authors(await get('/api/posts/timeline', limited))).toContain(limited.id);
    });

    it('Popüler: gone for strangers and guests, there for followers and itself', async () => {
      const { limited, follower, stranger } = await scene();
      const post = await t.createPost(limited, 'çok beğenilen sınırlı gönderi');
      for (const fan of await t.createUsers(3)) await t.http.post(`/api/posts/${post.id}/like`).set('authorization', await t.bearer(fan)).expect(200);
      const popular = async (viewer?: Member) => (await get('/api/posts/popular?limit=50', viewer)).posts.map((p: { id: string }) => p.id);
      expect(await popular()).not.toContain(post.id);
      expect(await popular(stranger)).not.toContain(post.id);
      expect(await popular(follower)).toContain(post.id);
      expect(await popular(limited)).toContain(post.id);
    });

    it('post search, by the index and over the newest posts: gone for strangers and guests, there for followers', async () => {
      const { limited, follower, stranger } = await scene();
      const word = `sinirkelime${Date.now()}`;
      await t.createPost(limited, `${word} sınırlıdan`);
      await t.createPost(stranger, `${word} yabancıdan`);
      const search = async (q: string, viewer?: Member) => authors(await get(`/api/posts/search?q=${q}&limit=50`, viewer));
      expect(await search(word, stranger)).toEqual([stranger.id]);
      expect(await search(word)).toEqual([stranger.id]);
      expect(await search(word, follower)).toEqual(expect.arrayContaining([limited.id, stranger.id]));
      // A 2-character term walks the newest posts instead of the index.
      expect(await search('sı', stranger)).not.toContain(limited.id);
      expect(await search('sı')).not.toContain(limited.id);
      expect(await search('sı', follower)).toContain(limited.id);
    });

    it('people search and mention suggestions: gone for strangers (and guests), there for followers', async () => {
      const { limited, follower, stranger } = await scene();
      const people = async (viewer?: Member) => ids(await get(`/api/users/search?q=${limited.username}&limit=20`, viewer));
      expect(await people(stranger)).not.toContain(limited.id);
      expect(await people()).not.toContain(limited.id);
      expect(await people(follower)).toContain(limited.id);
      const suggest = async (viewer: Member) => ids(await get(`/api/users/suggest?q=${limited.username}`, viewer));
      expect(await suggest(stranger)).not.toContain(limited.id);
      expect(await suggest(follower)).toContain(limited.id);
    });

    it('who-to-follow and trends: the account is no candidate, its posts count toward no hashtag; both come back after the undo', async () => {
      const [limited, stranger] = await t.createUsers(2);
      const tag = `sinirliEtiket${Date.now() % 100000}`.toLowerCase();
      // The busiest author of the week, with a hashtag nobody else uses.
      for (let i = 0; i < 3; i++) await t.createPost(limited, `yazı ${i} #${tag}`);
      const trending = t.app.get(TrendingService);
      await trending.refresh();
      const who = async (viewer?: Member) => ids(await get('/api/trending/users?limit=20', viewer));
      const tags = async () => (await get('/api/trending/hashtags?limit=20')).trends.map((x: { hashtag: string }) => x.hashtag);
      expect(await who(stranger)).toContain(limited.id);
      expect(await tags()).toContain(tag);

      const action = await limit(limited);
      // A ranking computed before the limit no longer suggests the account.
      expect(await who(stranger)).not.toContain(limited.id);
      await trending.refresh();
      expect(await who(stranger)).not.toContain(limited.id);
      expect(await who()).not.toContain(limited.id);
      expect(await tags()).not.toContain(tag);

      expect((await undo(moderator, action.id)).status).toBe(200);
      await trending.refresh();
      expect(await who(stranger)).toContain(limited.id);
      expect(await tags()).toContain(tag);
    });

    it('stays reachable: its profile, its posts list, a direct link, its replies in a thread, the following feed of its followers', async () => {
      const { limited, follower, stranger } = await scene();
      const own = await t.createPost(limited, 'doğrudan bağlantı');
      const root = await t.createPost(stranger, 'tartışma');
      const reply = await t.createPost(limited, 'sınırlı yanıt', root.id);
      await get(`/api/users/profile/${limited.username}`, stranger);
      expect((await get(`/api/posts/user/${limited.username}`, stranger)).posts.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([own.id, reply.id]));
      expect((await get(`/api/posts/${own.id}`, stranger)).post.id).toBe(own.id);
      expect((await get(`/api/posts/${own.id}`)).post.id).toBe(own.id);
      expect((await get(`/api/posts/${root.id}`, stranger)).replies.map((r: { id: string }) => r.id)).toContain(reply.id);
      expect(authors(await get('/api/posts/timeline/following', follower))).toContain(limited.id);
    });

    it('undo restores every list at once', async () => {
      const { limited, stranger, action } = await scene();
      const word = `geridonus${Date.now()}`;
      const post = await t.createPost(limited, `${word} gönderi`);
      expect(authors(await get(`/api/posts/search?q=${word}`, stranger))).toEqual([]);
      expect((await undo(moderator, action.id)).status).toBe(200);
      expect(authors(await get(`/api/posts/search?q=${word}`, stranger))).toEqual([limited.id]);
      expect((await get(`/api/posts/timeline?limit=100&cursor=${FRESH}`, stranger)).posts.map((p: { id: string }) => p.id)).toContain(post.id);
      expect((await get('/api/posts/popular?limit=50', stranger)).posts.map((p: { id: string }) => p.id)).toContain(post.id);
      expect(ids(await get(`/api/users/search?q=${limited.username}`, stranger))).toContain(limited.id);
    });
  });

  describe('notifications from a limited account (real socket.io-client)', () => {
    type Group = { type: NotificationType; actors: { id: string }[]; post: { id: string } | null };
    const bearer = async (member: Pick<User, 'id'>) => t.bearer(member);
    const notifications = async (member: Member) => {
      const body = await get('/api/notifications?limit=50', member);
      return { unreadCount: body.unreadCount as number, groups: body.notifications as Group[] };
    };
    const unreadCount = async (member: Member) => (await get('/api/notifications/unread-count', member)).count as number;
    /** A socket of `member` and every `notification:new` it gets from now on. */
    const tab = async (member: Member) => {
      const socket = await connectSocket(await t.listen(), await t.tokenFor(member));
      return { socket, events: collect(socket, 'notification:new') };
    };
    /** The `notification:new` events `socket` has got until one of them holds `done`. */
    const until = (socket: ClientSocket, events: NotificationNewEvent[], done: (e: NotificationNewEvent) => boolean) =>
      new Promise<void>((resolve, reject) => {
        if (events.some(done)) return resolve();
        const timer = setTimeout(() => reject(new Error(`no matching notification:new (saw ${JSON.stringify(events.map((e) => e.notification.type))})`)), 10_000);
        const check = () => {
          if (!events.some(done)) return;
          clearTimeout(timer);
          socket.off('notification:new', check);
          resolve();
        };
        socket.on('notification:new', check);
      });
    /** Everything queued is written and announced, and every announcement has reached the sockets. */
    const settle = async (...sockets: ClientSocket[]) => {
      await t.app.get(NotificationsWriter).drain();
      await Promise.all(sockets.map((s) => roundTrip(s)));
    };
    const from = (limited: Member) => (e: NotificationNewEvent) => e.notification.actors.some((a) => a.id === limited.id);

    it('a mention of a follower and of a stranger in one post: only the follower is notified, pushed and counted', async () => {
      const { limited, follower, stranger } = await scene();
      const [toFollower, toStranger] = [await tab(follower), await tab(stranger)];
      const post = await t.createPost(limited, `@${follower.username} ve @${stranger.username} bakın`);
      await until(toFollower.socket, toFollower.events, (e) => e.notification.type === 'mention');
      await settle(toFollower.socket, toStranger.socket);

      expect(toFollower.events).toHaveLength(1);
      expect(toFollower.events[0]).toMatchObject({ unreadCount: 1, notification: { type: 'mention', post: { id: post.id }, actors: [{ id: limited.id }] } });
      expect(toStranger.events).toEqual([]);
      expect(await notifications(follower)).toMatchObject({ unreadCount: 1, groups: [{ type: 'mention', post: { id: post.id } }] });
      expect(await notifications(stranger)).toEqual({ unreadCount: 0, groups: [] });
      expect(await unreadCount(stranger)).toBe(0);
      // Not stored at all, not merely hidden.
      expect(await t.db.query(`SELECT 1 FROM notification_groups WHERE recipient_id = $1`, [stranger.id])).toEqual([]);
    });

    it('a reply, a like, a repost and a follow: the follower gets each, the stranger none', async () => {
      const { limited, follower, stranger } = await scene();
      const [toFollower, toStranger] = [await tab(follower), await tab(stranger)];
      const theirs = await t.createPost(follower, 'takipçinin gönderisi');
      const strangers = await t.createPost(stranger, 'yabancının gönderisi');
      const header = await bearer(limited);
      for (const post of [theirs, strangers]) {
        await t.createPost(limited, 'sınırlı yanıt', post.id);
        await t.http.put(`/api/posts/${post.id}/like`).set('authorization', header).expect(200);
        await t.http.put(`/api/posts/${post.id}/retweet`).set('authorization', header).expect(200);
      }
      await follow(limited, follower);
      await follow(limited, stranger);
      await until(toFollower.socket, toFollower.events, (e) => e.unreadCount === 4);
      await settle(toFollower.socket, toStranger.socket);

      // Changes close together are announced together (the newest group, the absolute count).
      expect(toFollower.events.length).toBeGreaterThan(0);
      expect(toFollower.events.every(from(limited))).toBe(true);
      expect(toFollower.events.at(-1)?.unreadCount).toBe(4);
      expect(toStranger.events).toEqual([]);
      const forFollower = await notifications(follower);
      expect(forFollower.unreadCount).toBe(4);
      expect(forFollower.groups.map((g) => g.type).sort()).toEqual(['follow', 'like', 'reply', 'repost']);
      for (const group of forFollower.groups) expect(group.actors.map((a) => a.id)).toEqual([limited.id]);
      expect(await notifications(stranger)).toEqual({ unreadCount: 0, groups: [] });
    });

    it('the limited member still gets notifications from anyone, and its own moderation notice', async () => {
      const { limited, stranger } = await scene();
      const own = await t.createPost(limited, 'sınırlı hesabın gönderisi');
      const toLimited = await tab(limited);
      await t.http.put(`/api/posts/${own.id}/like`).set('authorization', await bearer(stranger)).expect(200);
      await until(toLimited.socket, toLimited.events, (e) => e.notification.type === 'like');
      const types = (await notifications(limited)).groups.map((g) => g.type);
      expect(types).toEqual(expect.arrayContaining(['like', 'moderation', 'follow']));
    });

    it('a limit placed later keeps what was stored; after its undo the account notifies everyone again', async () => {
      const [limited, stranger] = await t.createUsers(2);
      const first = await t.createPost(stranger, 'önceden beğenilen');
      const second = await t.createPost(stranger, 'sonra beğenilen');
      const toStranger = await tab(stranger);
      const header = await bearer(limited);
      await t.http.put(`/api/posts/${first.id}/like`).set('authorization', header).expect(200);
      await until(toStranger.socket, toStranger.events, from(limited));

      const action = await limit(limited);
      await t.http.put(`/api/posts/${second.id}/like`).set('authorization', header).expect(200);
      await settle(toStranger.socket);
      expect(toStranger.events).toHaveLength(1);
      expect((await notifications(stranger)).groups.map((g) => g.post?.id)).toEqual([first.id]);

      expect((await undo(moderator, action.id)).status).toBe(200);
      // The like of the limited time is not written afterwards: a new action notifies.
      await t.http.put(`/api/users/${stranger.id}/follow`).set('authorization', header).expect(200);
      await t.createPost(limited, `@${stranger.username} merhaba`);
      await until(toStranger.socket, toStranger.events, (e) => e.unreadCount === 3);
      const after = await notifications(stranger);
      expect(after.unreadCount).toBe(3);
      expect(after.groups.map((g) => g.type).sort()).toEqual(['follow', 'like', 'mention']);
    });
  });

  describe('post:new of the home feed (real socket.io-client)', () => {
    it('a limited account’s new post reaches its followers and itself only; the same batch’s other posts reach everyone', async () => {
      const url = await t.listen();
      const { limited, follower, stranger } = await scene();
      const home = async (member?: Member) => {
        const socket = await connectSocket(url, member ? await t.tokenFor(member) : undefined);
        expect(await request(socket, 'feed:watch', { feed: 'home' })).toEqual({ ok: true });
        return socket;
      };
      const sockets = [await home(limited), await home(follower), await home(stranger), await home()];
      const all = sockets.map((s) => collect(s, 'post:new'));
      // Two posts in one flush window: one batch, the open author's last.
      const hidden = await t.createPost(limited, 'sınırlı anlık gönderi');
      const open = await t.createPost(stranger, 'herkese açık anlık gönderi');
      const seen = await Promise.all(sockets.map((s) => postNewUntil(s, open.id)));
      const postIds = (events: PostNewEvent[]) => events.flatMap((e) => e.posts.map((p) => p.id));
      const [toLimited, toFollower, toStranger, toGuest] = seen.map(postIds);
      expect(toLimited).toEqual(expect.arrayContaining([hidden.id, open.id]));
      expect(toFollower).toEqual(expect.arrayContaining([hidden.id, open.id]));
      expect(toStranger).toContain(open.id);
      expect(toStranger).not.toContain(hidden.id);
      expect(toGuest).toContain(open.id);
      expect(toGuest).not.toContain(hidden.id);
      // Nothing else arrives afterwards either.
      await Promise.all(sockets.map((s) => roundTrip(s)));
      expect(all[2].flatMap((e) => e.posts.map((p) => p.id))).not.toContain(hidden.id);
      expect(all[3].flatMap((e) => e.posts.map((p) => p.id))).not.toContain(hidden.id);
      // Each socket got the open post once.
      for (const events of all) expect(events.flatMap((e) => e.posts.map((p) => p.id)).filter((id) => id === open.id)).toHaveLength(1);
    });
  });
});

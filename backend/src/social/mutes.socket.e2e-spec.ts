import type { PostNewEvent } from '@gundem/contract';
import { closeAllSockets, collect, connectSocket, nextEvent, postIds, postNewUntil, request, roundTrip } from '../../test/socket-client';
import { createTestApp, type TestApp } from '../../test/test-app';

type Member = { id: string; username: string };

/** Issue 25: pushes skip the muter (and members with a matching muted word), never the muted member. */
describe('mutes and muted words over Socket.IO (real PostgreSQL, real socket.io-client)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
  });
  afterEach(() => closeAllSockets());
  afterAll(async () => {
    await t.close();
  });

  const mute = async (muter: Member, muted: Member) => t.http.put(`/api/users/${muted.id}/mute`).set('authorization', await t.bearer(muter)).expect(200);
  const muteWord = async (member: Member, word: string) => t.http.post('/api/users/muted-words').set('authorization', await t.bearer(member)).send({ word }).expect(201);
  const watch = async (feed: 'home' | 'following', member?: Member) => {
    const socket = await connectSocket(url, member ? await t.tokenFor(member) : undefined);
    expect(await request(socket, 'feed:watch', { feed })).toEqual({ ok: true });
    return socket;
  };

  it('post:new on the home feed: the muter’s batch lacks the muted account’s and the muted word’s posts; the muted member gets everything', async () => {
    const [muter, muted, other] = await t.createUsers(3);
    await mute(muter, muted);
    await muteWord(muter, 'Çiçek');
    const [toMuter, toMuted, toGuest] = [await watch('home', muter), await watch('home', muted), await watch('home')];
    const leak = collect(toMuter, 'post:new');
    const [byMuted, byMuter, flowers, byOther] = [
      await t.createPost(muted, 'sessizdekinden'),
      await t.createPost(muter, 'sessize alandan'),
      await t.createPost(other, "ÇİÇEK'ler açtı"),
      await t.createPost(other, 'üçüncüden'),
    ];
    const [muterSaw, mutedSaw, guestSaw] = await Promise.all([toMuter, toMuted, toGuest].map((s) => postNewUntil(s, byOther.id)));
    expect(postIds(guestSaw)).toEqual(expect.arrayContaining([byMuted.id, byMuter.id, flowers.id, byOther.id]));
    expect(postIds(mutedSaw)).toEqual(expect.arrayContaining([byMuted.id, byMuter.id, flowers.id, byOther.id]));
    expect(postIds(muterSaw)).toEqual(expect.arrayContaining([byMuter.id, byOther.id]));
    expect(postIds(muterSaw)).not.toContain(byMuted.id);
    expect(postIds(muterSaw)).not.toContain(flowers.id);
    await roundTrip(toMuter);
    expect(postIds(leak)).not.toContain(byMuted.id);
    expect(postIds(leak)).not.toContain(flowers.id);
  });

  it('post:new on the following feed: the muted account’s own posts and its reposts do not reach the muter who follows it', async () => {
    const [muter, muted, author] = await t.createUsers(3);
    await t.http.put(`/api/users/${muted.id}/follow`).set('authorization', await t.bearer(muter)).expect(200);
    await t.http.put(`/api/users/${author.id}/follow`).set('authorization', await t.bearer(muter)).expect(200);
    const shared = await t.createPost(author, 'paylaşılacak');
    await mute(muter, muted);
    const tab = await watch('following', muter);
    const leak = collect(tab, 'post:new');
    await t.createPost(muted, 'takip edilen ama sessizde');
    await t.http.put(`/api/posts/${shared.id}/retweet`).set('authorization', await t.bearer(muted)).expect(200);
    await t.settled();
    const fine = await t.createPost(author, 'görünmeli');
    const got = await postNewUntil(tab, fine.id);
    // (The author's post shared above may ride in the same flush: it is theirs, not the muted account's.)
    const byMuted = (events: PostNewEvent[]) => events.flatMap((e) => e.posts).filter((p) => p.userId === muted.id || p.repostedBy?.id === muted.id);
    expect(postIds(got)).toContain(fine.id);
    expect(byMuted(got)).toEqual([]);
    await roundTrip(tab);
    expect(byMuted(leak)).toEqual([]);
  });

  it('post:reply: a muted account’s reply and a reply with a muted word skip the muter watching the post', async () => {
    const [muter, muted, author] = await t.createUsers(3);
    const root = await t.createPost(author, 'tartışma');
    await mute(muter, muted);
    await muteWord(muter, '#sürpriz');
    const socket = await connectSocket(url, await t.tokenFor(muter));
    expect(await request(socket, 'posts:watch', [root.id])).toMatchObject({ ok: true });
    const leak = collect(socket, 'post:reply');
    await t.createPost(muted, 'sessizdekinin yanıtı', root.id);
    await t.createPost(author, 'bu bir #Sürpriz', root.id);
    await t.settled();
    const next = nextEvent(socket, 'post:reply', 10_000);
    const fine = await t.createPost(author, 'sürpriz yok', root.id);
    expect((await next).reply.id).toBe(fine.id);
    expect(leak.map((e) => e.reply.id)).toEqual([fine.id]);
  });

  it('notification:new: the muted account’s like and a mention with a muted word push nothing; others do', async () => {
    const [muter, muted, other] = await t.createUsers(3);
    const post = await t.createPost(muter, 'beğenilecek');
    await mute(muter, muted);
    await muteWord(muter, 'maç');
    const tab = await connectSocket(url, await t.tokenFor(muter));
    const seen = collect(tab, 'notification:new');
    await t.http.put(`/api/posts/${post.id}/like`).set('authorization', await t.bearer(muted)).expect(200);
    await t.createPost(other, `@${muter.username} maç başladı`);
    await t.settled();
    const next = nextEvent(tab, 'notification:new', 10_000);
    await t.createPost(other, `@${muter.username} selam`);
    const event = await next;
    expect(event.notification.type).toBe('mention');
    expect(event.unreadCount).toBe(1);
    expect(seen.map((e) => e.notification.id)).toEqual([event.notification.id]);
  });
});

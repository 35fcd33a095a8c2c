import { createTestApp, type TestApp } from '../../test/test-app';

type Member = { id: string; username: string };

/** Issue 25: the routes of mutes and muted words, their bad input and races (real PostgreSQL). */
describe('mutes and muted words: routes (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const as = async (member: Member) => ({ authorization: await t.bearer(member) });

  it('mutes and unmutes an account, idempotently; the profile says `muting` to the muter only; follows stay', async () => {
    const [muter, muted] = await t.createUsers(2);
    await t.http.put(`/api/users/${muted.id}/follow`).set(await as(muter)).expect(200);
    expect((await t.http.put(`/api/users/${muted.id}/mute`).set(await as(muter)).expect(200)).body).toEqual({ muting: true });
    expect((await t.http.put(`/api/users/${muted.id}/mute`).set(await as(muter)).send({ days: 7 }).expect(200)).body).toEqual({ muting: true });
    const rows = await t.db.query(`SELECT expires_at > now() + interval '6 days' AS later FROM mutes WHERE muter_id = $1 AND muted_id = $2`, [muter.id, muted.id]);
    expect(rows).toEqual([{ later: true }]);
    expect((await t.http.get(`/api/users/profile/${muted.username}`).set(await as(muter)).expect(200)).body.user.muting).toBe(true);
    // The muted member sees nothing different: no `muting` either way on their view.
    const theirs = (await t.http.get(`/api/users/profile/${muter.username}`).set(await as(muted)).expect(200)).body.user;
    expect(theirs.muting).toBe(false);
    expect((await t.http.get(`/api/users/${muted.id}/following`).set(await as(muter)).expect(200)).body).toEqual({ isFollowing: true, requested: false });
    const list = (await t.http.get('/api/users/mutes').set(await as(muter)).expect(200)).body;
    expect(list.users.map((u: { _id: string }) => u._id)).toEqual([muted.id]);
    expect(list.users[0].expiresAt).toEqual(expect.any(String));
    expect((await t.http.delete(`/api/users/${muted.id}/mute`).set(await as(muter)).expect(200)).body).toEqual({ muting: false });
    expect((await t.http.delete(`/api/users/${muted.id}/mute`).set(await as(muter)).expect(200)).body).toEqual({ muting: false });
    expect((await t.http.get('/api/users/mutes').set(await as(muter)).expect(200)).body).toEqual({ users: [], nextCursor: null });
  });

  it('pages the muted accounts newest first, and leaves out a mute that has run out', async () => {
    const [muter, ...others] = await t.createUsers(4);
    for (const other of others) await t.http.put(`/api/users/${other.id}/mute`).set(await as(muter)).expect(200);
    await t.db.query(`UPDATE mutes SET expires_at = now() - interval '1 second' WHERE muter_id = $1 AND muted_id = $2`, [muter.id, others[0].id]);
    const first = (await t.http.get('/api/users/mutes?limit=1').set(await as(muter)).expect(200)).body;
    const rest = (await t.http.get(`/api/users/mutes?limit=5&cursor=${first.nextCursor}`).set(await as(muter)).expect(200)).body;
    expect([...first.users, ...rest.users].map((u: { _id: string }) => u._id)).toEqual([others[2].id, others[1].id]);
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses muting oneself, an unknown account and a bad duration in Turkish, writing nothing', async () => {
    const [me] = await t.createUsers(1);
    expect((await t.http.put(`/api/users/${me.id}/mute`).set(await as(me)).expect(400)).body.message).toBe('Kendinizi sessize alamazsınız.');
    expect((await t.http.put('/api/users/00000000-0000-4000-8000-000000000000/mute').set(await as(me)).expect(404)).body.message).toBe('Kullanıcı bulunamadı.');
    const [other] = await t.createUsers(1);
    expect((await t.http.put(`/api/users/${other.id}/mute`).set(await as(me)).send({ days: 3 }).expect(400)).body.message).toMatch(/1, 7 ya da 30 gün/);
    expect((await t.db.query('SELECT count(*)::int AS n FROM mutes WHERE muter_id = $1', [me.id]))[0].n).toBe(0);
    await t.http.put(`/api/users/${other.id}/mute`).expect(401);
  });

  it('two identical mutes at once make one row', async () => {
    const [muter, muted] = await t.createUsers(2);
    const auth = await as(muter);
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.http.put(`/api/users/${muted.id}/mute`).set(auth)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM mutes WHERE muter_id = $1', [muter.id]))[0].n).toBe(1);
  });

  it('adds, lists and removes muted words; a duration shows its end; another member cannot remove them', async () => {
    const [me, other] = await t.createUsers(2);
    const added = (await t.http.post('/api/users/muted-words').set(await as(me)).send({ word: '  #Seçim ' }).expect(201)).body.word;
    expect(added).toMatchObject({ word: '#Seçim', expiresAt: null });
    const week = (await t.http.post('/api/users/muted-words').set(await as(me)).send({ word: 'İstanbul', days: 7 }).expect(201)).body.word;
    expect(Date.parse(week.expiresAt) - Date.now()).toBeGreaterThan(6 * 86_400_000);
    const list = (await t.http.get('/api/users/muted-words').set(await as(me)).expect(200)).body.words;
    expect(list.map((w: { word: string }) => w.word)).toEqual(['İstanbul', '#Seçim']);
    await t.http.delete(`/api/users/muted-words/${added.id}`).set(await as(other)).expect(404);
    await t.http.delete(`/api/users/muted-words/${added.id}`).set(await as(me)).expect(204);
    await t.http.delete(`/api/users/muted-words/${added.id}`).set(await as(me)).expect(404);
    expect((await t.http.get('/api/users/muted-words').set(await as(me)).expect(200)).body.words.map((w: { id: string }) => w.id)).toEqual([week.id]);
    // A word that ran out is no longer listed, and can be muted again.
    await t.db.query(`UPDATE muted_words SET expires_at = now() - interval '1 second' WHERE id = $1`, [week.id]);
    expect((await t.http.get('/api/users/muted-words').set(await as(me)).expect(200)).body.words).toEqual([]);
    await t.http.post('/api/users/muted-words').set(await as(me)).send({ word: 'istanbul' }).expect(201);
    expect((await t.db.query('SELECT count(*)::int AS n FROM muted_words WHERE user_id = $1', [me.id]))[0].n).toBe(1);
  });

  it('refuses an empty, a 200-character, a punctuation-only, a duplicate word and one over the cap, in Turkish, writing nothing', async () => {
    const [me] = await t.createUsers(1);
    const post = async (body: unknown) => t.http.post('/api/users/muted-words').set(await as(me)).send(body as object);
    expect((await post({ word: '' })).body).toMatchObject({ statusCode: 400, message: 'Sessize alınacak sözcüğü yazın.' });
    expect((await post({ word: '   ' })).body).toMatchObject({ statusCode: 400, message: 'Sessize alınacak sözcüğü yazın.' });
    expect((await post({})).body).toMatchObject({ statusCode: 400, message: 'Sessize alınacak sözcüğü yazın.' });
    expect((await post({ word: 'a'.repeat(200) })).body).toMatchObject({ statusCode: 400, message: 'Sessize alınan sözcük en fazla 100 karakter olabilir.' });
    expect((await post({ word: '!!!' })).body).toMatchObject({ statusCode: 400, message: 'Sessize alınacak sözcük en az bir harf ya da rakam içermeli.' });
    expect((await post({ word: 'ok', days: 2 })).status).toBe(400);
    expect((await t.db.query('SELECT count(*)::int AS n FROM muted_words WHERE user_id = $1', [me.id]))[0].n).toBe(0);
    await post({ word: 'a'.repeat(100) }).then((r) => expect(r.status).toBe(201));
    await post({ word: 'İzmir' }).then((r) => expect(r.status).toBe(201));
    expect((await post({ word: 'izmir' })).body).toMatchObject({ statusCode: 409, message: 'Bu sözcüğü zaten sessize aldınız.' });
    await t.db.query(`INSERT INTO muted_words (user_id, word, normalised, head, pattern) SELECT $1, 'w' || n, 'w' || n, 'w' || n, 'w' || n FROM generate_series(1, 98) n`, [me.id]);
    expect((await post({ word: 'yüzbirinci' })).body).toMatchObject({ statusCode: 422, message: expect.stringMatching(/En fazla 100 sözcük/) });
    expect((await t.db.query('SELECT count(*)::int AS n FROM muted_words WHERE user_id = $1', [me.id]))[0].n).toBe(100);
  });

  it('two identical words added at once make one row; adds at the cap never pass it', async () => {
    const [me] = await t.createUsers(1);
    const auth = await as(me);
    const same = await Promise.all([1, 2, 3].map(() => t.http.post('/api/users/muted-words').set(auth).send({ word: 'aynı' })));
    expect(same.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    await t.db.query(`INSERT INTO muted_words (user_id, word, normalised, head, pattern) SELECT $1, 'w' || n, 'w' || n, 'w' || n, 'w' || n FROM generate_series(1, 98) n`, [me.id]);
    const racing = await Promise.all(['bir', 'iki', 'üç'].map((word) => t.http.post('/api/users/muted-words').set(auth).send({ word })));
    expect(racing.map((a) => a.status).sort()).toEqual([201, 422, 422]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM muted_words WHERE user_id = $1', [me.id]))[0].n).toBe(100);
  });
});

import { createTestApp, type TestApp } from '../../../test/test-app';

const INVALID = { message: 'İstek geçersiz bir karakter içeriyor.', statusCode: 400 };

describe('input normalisation through the global validation pipe (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a lone surrogate in an e-mail with the Turkish 400, not a URIError 500', async () => {
    const register = await t.http.post('/api/auth/register').send({ username: 'yalniz', displayName: 'Yalnız', email: 'a\uD800@b.co', password: 'parola123' });
    expect(register.body).toEqual(INVALID);
    const forgot = await t.http.post('/api/auth/forgot-password').send({ email: '\uDC00x@b.co' });
    expect(forgot.body).toEqual(INVALID);
    const login = await t.http.post('/api/auth/login').send({ login: 'x\uD800', password: 'parola123' });
    expect(login.body).toEqual(INVALID);
  });

  it('refuses NUL and lone surrogates in the query string, route parameters and deep in the body', async () => {
    expect((await t.http.get('/api/posts/search?q=a%00b')).body).toEqual(INVALID);
    expect((await t.http.get('/api/users/profile/ab%00c')).body).toEqual(INVALID);
    const member = await t.createUser();
    const auth = `Bearer ${await t.tokenFor(member)}`;
    const res = await t.http.post('/api/posts').set('authorization', auth).send({ content: 'ok', extra: { deep: ['\uD83D'] } });
    expect(res.body).toEqual(INVALID);
    const deep = await t.http.post('/api/posts').set('authorization', auth).set('content-type', 'application/json').send('{"content":'.repeat(40) + '"x"' + '}'.repeat(40));
    expect(deep.body).toEqual({ message: 'İstek çok fazla iç içe alan içeriyor.', statusCode: 400 });
  });

  it('stores NFC text and finds it whichever form the search uses', async () => {
    const decomposed = 'Gu\u0308zel s\u0327ehir'; // "Güzel şehir", combining marks
    const res = await t.http.post('/api/auth/register').send({ username: 'nfc_uye', displayName: decomposed, email: 'nfc@test.gundem', password: 'parola123' }).expect(201);
    const [row] = await t.db.query('SELECT display_name FROM users WHERE username = $1', ['nfc_uye']);
    expect(row.display_name).toBe('Güzel şehir');
    const auth = `Bearer ${res.body.token ?? (await t.http.post('/api/auth/login').send({ login: 'nfc_uye', password: 'parola123' })).body.token}`;
    await t.http.post('/api/posts').set('authorization', auth).send({ content: 'Bu şehir çok güzel' }).expect(201);
    const found = await t.http.get(`/api/posts/search?q=${encodeURIComponent('s\u0327ehir')}`).expect(200);
    expect(found.body.posts.map((p: { content: string }) => p.content)).toEqual(['Bu şehir çok güzel']);
  });

  it('keeps a password byte for byte: the same form logs in, the other does not', async () => {
    const decomposed = 'parola s\u0327ifre';
    await t.http.post('/api/auth/register').send({ username: 'sifre_uye', displayName: 'Şifre', email: 'sifre@test.gundem', password: decomposed }).expect(201);
    await t.http.post('/api/auth/login').send({ login: 'sifre_uye', password: decomposed }).expect(200);
    await t.http.post('/api/auth/login').send({ login: 'sifre_uye', password: decomposed.normalize('NFC') }).expect(401);
  });
});

import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 26: the server's errors in the language the request asks for (Accept-Language), Turkish
 * by default, through the whole app (guards, pipes, DTOs, services and the exceptions filter).
 */
describe('error messages in the request language (real app)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a 400 in English to Accept-Language: en and in Turkish without it', async () => {
    const english = await t.http.get('/api/trending/hashtags?limit=0').set('accept-language', 'en-US,en;q=0.9').expect(400);
    expect(english.body).toEqual({ message: 'limit must be between 1 and 20.', statusCode: 400 });
    const turkish = await t.http.get('/api/trending/hashtags?limit=0').expect(400);
    expect(turkish.body).toEqual({ message: 'limit 1 ile 20 arasında olmalıdır.', statusCode: 400 });
    const preferred = await t.http.get('/api/trending/hashtags?limit=0').set('accept-language', 'tr-TR,tr;q=0.9,en;q=0.8').expect(400);
    expect(preferred.body.message).toBe('limit 1 ile 20 arasında olmalıdır.');
  });

  it("translates a service's refusal and a text built with a value", async () => {
    const user = await t.createUser();
    const auth = `Bearer ${await t.tokenFor(user)}`;
    const self = await t.http.post(`/api/users/${user.id}/follow`).set('authorization', auth).set('accept-language', 'en').expect(400);
    expect(self.body.message).toBe('You cannot follow yourself.');
    const tr = await t.http.post(`/api/users/${user.id}/follow`).set('authorization', auth).expect(400);
    expect(tr.body.message).toBe('Kendinizi takip edemezsiniz.');
    const long = await t.http.post('/api/posts').set('authorization', auth).set('accept-language', 'en').send({ content: 'a'.repeat(281) }).expect(400);
    expect(long.body.message).toBe('A post can be at most 280 characters.');
    const unknown = await t.http.post('/api/posts').set('authorization', auth).set('accept-language', 'en').send({ content: 'x', userId: 'x' }).expect(400);
    expect(unknown.body.message).toBe('Unknown field: userId');
  });

  it('answers a 401 of the session guard in English', async () => {
    const res = await t.http.get('/api/auth/me').set('authorization', 'Bearer bozuk').set('accept-language', 'en').expect(401);
    expect(res.body.message).toBe('Your session is invalid or has expired. Please log in again.');
  });

  it('answers the HTTP layer’s own refusals (415, 405, a file that is not there) in English too', async () => {
    const cases: [() => ReturnType<TestApp['http']['get']>, number, string, string][] = [
      [() => t.http.post('/api/posts').set('content-type', 'text/plain').send('merhaba'), 415, 'Desteklenmeyen içerik türü', 'Unsupported content type'],
      [() => (t.http as unknown as Record<string, (path: string) => ReturnType<TestApp['http']['get']>>).propfind.call(t.http, '/api/health'), 405, 'Bu yöntem desteklenmiyor.', 'This method is not supported.'],
      [() => t.http.get('/wp-login.php'), 404, 'İstenen kaynak bulunamadı.', 'The requested resource was not found.'],
      [() => t.http.get('/media/yok.webp'), 404, 'Dosya bulunamadı.', 'File not found.'],
    ];
    for (const [send, status, turkish, english] of cases) {
      const tr = await send().expect(status);
      expect(tr.body.message).toContain(turkish);
      const en = await send().set('accept-language', 'en-GB,en;q=0.9').expect(status);
      expect(en.body.message).toContain(english);
    }
  });
});

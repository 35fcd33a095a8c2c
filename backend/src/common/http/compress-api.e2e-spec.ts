import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rawGet } from '../../../test/raw-get';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { API_COMPRESSION_THRESHOLD } from './compress-api';

/*
 * Compression of the API's JSON (issue 13), on the wire: a guest's and a member's timeline page
 * of 20 posts, small answers, and conditional requests. Sizes are printed for the table.
 */

const CHROME_ENCODINGS = 'gzip, deflate, br, zstd';

describe('compressing API answers', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    // Twenty posts by five authors, each text different, so the ratio is not that of one post repeated.
    const authors = await t.createUsers(5);
    const words = ['Ankara', 'bugün', 'hava', 'güneşli', 'akşam', 'Kadıköy', 'buluşuyoruz', 'maç', 'kaç', 'kaçta', 'başlıyor', 'çay', 'simit', 'vapur', 'kuyruk', 'yağmur', 'şemsiye', 'unuttum', 'kitap', 'öneri'];
    for (let i = 1; i <= 20; i += 1) {
      const text = Array.from({ length: 14 }, (_, j) => words[(i * 7 + j * j * 3) % words.length]).join(' ');
      await t.createPost(authors[i % 5], `${text} ${i * 37} #gündem${i % 4} @${authors[(i + 1) % 5].username}`);
    }
    token = await t.tokenFor(await t.createUser());
    base = await t.listen();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compresses a guest’s timeline page of 20 posts with brotli, else gzip, and sends it plain to a client that asks for neither', async () => {
    const plain = await rawGet(base, '/api/posts/timeline');
    const json = plain.body.toString('utf8');
    expect(JSON.parse(json).posts).toHaveLength(20);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD);

    const br = await rawGet(base, '/api/posts/timeline', { 'accept-encoding': CHROME_ENCODINGS });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(json);

    const gzip = await rawGet(base, '/api/posts/timeline', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(json);

    // The budget: a page of 20 posts goes out at under a quarter of its size.
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 4);
    console.info(`timeline, 20 posts: ${plain.body.length} B JSON, ${gzip.body.length} B gzip, ${br.body.length} B brotli`);
  });

  it('compresses a guest’s first page once for every guest of the second: whole bytes with their Content-Length, the same for each', async () => {
    const plain = (await rawGet(base, '/api/posts/timeline')).body.toString('utf8');
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const answers = await Promise.all([1, 2, 3].map(() => rawGet(base, '/api/posts/timeline', { 'accept-encoding': encoding })));
      for (const res of answers) {
        // compressApi streams what it compresses per answer (chunked, no length); the page's own bytes are whole.
        expect([res.headers['content-encoding'], Number(res.headers['content-length'])]).toEqual([encoding, res.body.length]);
        expect(res.headers.vary).toContain('Accept-Encoding');
        expect(res.body.equals(answers[0].body)).toBe(true);
        expect(decode(res.body).toString('utf8')).toBe(plain);
      }
    }
    // A later page and a member's page are compressed per answer, as every other API answer.
    const member = await rawGet(base, '/api/posts/timeline', { 'accept-encoding': 'br', authorization: `Bearer ${token}` });
    expect([member.headers['content-encoding'], member.headers['content-length']]).toEqual(['br', undefined]);
  });

  it('keeps the ETag of the JSON, so a revalidation still answers 304 in any encoding', async () => {
    const first = await rawGet(base, '/api/posts/timeline', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    for (const accept of ['br', 'gzip', 'identity']) {
      const again = await rawGet(base, '/api/posts/timeline', { 'accept-encoding': accept, 'if-none-match': etag });
      expect([accept, again.status, again.body.length]).toEqual([accept, 304, 0]);
    }
  });

  it('compresses a member’s timeline too, which stays no-store', async () => {
    const res = await rawGet(base, '/api/posts/timeline', { 'accept-encoding': 'gzip', authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(gunzipSync(res.body).toString('utf8')).posts).toHaveLength(20);
  });

  it('sends an answer under 1 KB as it is, with its Content-Length', async () => {
    const res = await rawGet(base, '/api/yok', { 'accept-encoding': CHROME_ENCODINGS });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ message: 'İstenen kaynak bulunamadı.', statusCode: 404 });
  });
});

import { request as httpRequest } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { HTTP_TEXTS } from './http.texts';

/*
 * Request bodies sent compressed (Content-Encoding), through the real app's body parser: one
 * that does not decompress is the client's fault, answered with a Turkish 400, never zlib's
 * English ("incorrect header check", "unexpected end of file") nor a 500.
 */

const login = { login: 'kimse-yok', password: 'yanlis-sifre-123' };

/** A POST of these very bytes (supertest would serialise a Buffer sent as JSON). */
function postRaw(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('compressed request bodies (real PostgreSQL)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (encoding: string, body: Buffer) => postRaw(`${url}/api/auth/login`, { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, body);

  it('reads a well-formed gzip or br body (the login is only refused for its credentials)', async () => {
    const json = Buffer.from(JSON.stringify(login));
    for (const [encoding, body] of [
      ['gzip', gzipSync(json)],
      ['br', brotliCompressSync(json)],
    ] as const) {
      const res = await post(encoding, body);
      expect([encoding, res.status]).toEqual([encoding, 401]);
    }
  });

  it('answers a body that does not decompress with a Turkish 400 that names the cause', async () => {
    const good = gzipSync(Buffer.from(JSON.stringify(login)));
    const bodies: [string, Buffer][] = [
      ['gzip', Buffer.from('bu gzip değil')],
      // gzip's magic bytes, then garbage.
      ['gzip', Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9])],
      // Cut short.
      ['gzip', good.subarray(0, good.length - 12)],
      ['deflate', Buffer.from('bu da deflate değil')],
      ['br', Buffer.from('ne de brotli')],
    ];
    for (const [encoding, body] of bodies) {
      const res = await post(encoding, body);
      expect([encoding, res.status, res.body]).toEqual([encoding, 400, { message: HTTP_TEXTS.badBodyEncoding, statusCode: 400 }]);
      expect(res.text).not.toMatch(/incorrect header check|unexpected end of file|Decompression failed|invalid/i);
    }
  });

  it('answers a Content-Encoding it does not decompress with a Turkish 415 about the encoding, not the content type', async () => {
    const res = await post('compress', Buffer.from(JSON.stringify(login)));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: HTTP_TEXTS.unsupportedBodyEncoding, statusCode: 415 });
  });
});

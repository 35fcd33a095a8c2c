import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { clientErrorAnswer } from './client-errors';

/*
 * Requests Node's HTTP parser refuses before Express sees them, over real TCP to the listening
 * app: a raw socket writes exactly the bytes (a URL or header over Node's 16 KB limit, a header
 * line without a colon) and reads everything until the server closes.
 */

const BIG = 'a'.repeat(20 * 1024);

function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(bytes);
  });
}

function parse(answer: string): { status: number; headers: Record<string, string>; body: unknown } {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe('requests the HTTP parser refuses', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = Number(new URL(await t.listen()).port);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a 20 KB URL with a JSON 431 instead of a bare status line', async () => {
    const answer = parse(await rawExchange(port, `GET /api/posts/search?q=${BIG} HTTP/1.1\r\nHost: gundem.test\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['connection']).toBe('close');
    expect(answer.body).toEqual({ message: 'İstek başlıkları çok büyük.', statusCode: 431 });
  });

  it('answers a 20 KB header with the same JSON 431', async () => {
    const answer = parse(await rawExchange(port, `GET /api/posts/timeline HTTP/1.1\r\nHost: gundem.test\r\nX-Buyuk: ${BIG}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ message: 'İstek başlıkları çok büyük.', statusCode: 431 });
  });

  it('answers a malformed request with a JSON 400', async () => {
    const answer = parse(await rawExchange(port, 'GET /api/posts/timeline HTTP/1.1\r\nHost: gundem.test\r\nIki nokta yok\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Geçersiz istek.', statusCode: 400 });
  });

  it('gives an ordinary HTTP client the status and the JSON body', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: `/profile/${BIG}` }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(431);
    expect(JSON.parse(body)).toEqual({ message: 'İstek başlıkları çok büyük.', statusCode: 431 });
  });

  it('keeps serving ordinary requests afterwards', async () => {
    await rawExchange(port, `GET /?q=${BIG} HTTP/1.1\r\nHost: gundem.test\r\n\r\n`);
    const res = await fetch(`http://127.0.0.1:${port}/api/posts/timeline`);
    expect(res.status).toBe(200);
  });
});

describe('clientErrorAnswer', () => {
  it('maps the parser’s codes to a status and a Turkish message', () => {
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW')).toEqual({ statusCode: 431, message: 'İstek başlıkları çok büyük.' });
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).toEqual({ statusCode: 408, message: 'İstek zaman aşımına uğradı.' });
    expect(clientErrorAnswer('HPE_INVALID_METHOD')).toEqual({ statusCode: 400, message: 'Geçersiz istek.' });
    expect(clientErrorAnswer(undefined)).toEqual({ statusCode: 400, message: 'Geçersiz istek.' });
  });
});

import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { HTTP_TEXTS } from './http.texts';

/** How long a refused connection may stay half-open for the client to read the answer. */
const LINGER_MS = 2_000;

/** The status and Turkish message for a request Node's HTTP parser refused before any route saw it. */
export function clientErrorAnswer(code: string | undefined): { statusCode: number; message: string } {
  switch (code) {
    // Request line plus headers over --max-http-header-size (16 KB): a long URL or a huge header.
    case 'HPE_HEADER_OVERFLOW':
      return { statusCode: 431, message: HTTP_TEXTS.headersTooLarge };
    // headersTimeout / requestTimeout of the server ran out.
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { statusCode: 408, message: HTTP_TEXTS.requestTimeout };
    default:
      return { statusCode: 400, message: HTTP_TEXTS.badRequest };
  }
}

/**
 * Node answers requests its parser refuses (a URL over 16 KB, a malformed header) with a bare
 * `HTTP/1.1 431` or `400` and no body; this answers the API's `{ message, statusCode }` instead.
 *
 * Mirrors Node's own default (lib/_http_server.js, socketOnError): nothing is written when the
 * peer already reset the connection, when the socket is no longer writable, or when an earlier
 * response on this keep-alive socket has begun sending (bytes of a second status line would
 * corrupt it). Once a `clientError` listener exists Node closes nothing itself, so the socket is
 * always ended here: half-closed after the answer, so the client reads it before the FIN, then
 * destroyed shortly after in case the client never closes its side.
 */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { statusCode, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify({ message, statusCode });
    socket.end(
      [
        `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}

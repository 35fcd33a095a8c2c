import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { SHUTTING_DOWN } from '../common.texts';

/** Paths of Socket.IO's own HTTP requests (long polling): closed with Socket.IO, not drained. */
const SOCKET_IO_PATH = '/socket.io/';
/** The health checks that answer 503 while draining: /api/health and /api/health/ready, not /api/health/live (the process is alive). */
const HEALTH_PATH = /^\/api\/health(\/ready)?\/?(\?|$)/;

export interface HttpDrain {
  readonly draining: boolean;
  /** HTTP requests being answered now (Socket.IO's polling excepted). */
  inFlight(): number;
  /**
   * Stops accepting connections and waits, at most `timeoutMs`, for the requests in flight to be
   * answered; true when they all were. Keep-alive connections are closed as soon as they are idle.
   */
  drain(timeoutMs: number): Promise<boolean>;
  /** After a drain that timed out: cuts the connections still open. */
  closeAllConnections(): void;
}

/**
 * Graceful shutdown of the HTTP side (main.ts calls drain() on SIGTERM/SIGINT before
 * `app.close()`). Nest's `app.close()` runs onModuleDestroy hooks (Redis clients, timers) and
 * closes the HTTP server only afterwards, and TypeORM's pool goes in onApplicationShutdown: a
 * request still running would meet a closed dependency and answer 500, or 401 when the session
 * lookup fails. So requests are drained first, with every dependency still open.
 *
 * During the drain:
 * - the listening socket is closed (new connections are refused) and idle keep-alive
 *   connections are closed (Node's server.close());
 * - every response not yet sent, and every request still arriving on an open connection, carries
 *   `Connection: close`, so no client sends one more request on a connection about to go;
 * - requests that do arrive are still served (their dependencies are open): only the health
 *   and readiness checks answer 503, so a load balancer stops sending traffic here (liveness
 *   stays 200: the process is alive, and is not to be killed before the drain ends).
 */
export function installHttpDrain(server: Server): HttpDrain {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let settle: (() => void) | undefined;

  // The request listeners (Express, and Socket.IO's wrapper once it is attached) run behind this
  // one, which sees every request as soon as its headers are read: before any middleware, and
  // whether installed before or after Socket.IO wraps the listeners in turn.
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith(SOCKET_IO_PATH)) {
      inFlight.add(res);
      res.once('close', () => {
        inFlight.delete(res);
        if (draining && inFlight.size === 0) settle?.();
      });
      if (draining) {
        res.setHeader('Connection', 'close');
        if (HEALTH_PATH.test(req.url ?? '')) {
          res.statusCode = 503;
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.end(JSON.stringify({ status: 'shutting_down', message: SHUTTING_DOWN, statusCode: 503 }));
          return;
        }
      }
    }
    for (const listener of listeners) listener.call(server, req, res);
  });

  return {
    get draining() {
      return draining;
    },
    inFlight: () => inFlight.size,
    async drain(timeoutMs) {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      // Stops listening and (Node 19+) closes idle keep-alive connections; connections serving a
      // request close after their response (Connection: close). Upgraded WebSockets stay for
      // Socket.IO to close, so the callback is not awaited.
      if (server.listening) server.close();
      server.closeIdleConnections();
      if (inFlight.size === 0) return true;
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        new Promise<boolean>((resolve) => (settle = () => resolve(true))),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
      ]);
      clearTimeout(timer);
      server.closeIdleConnections();
      return finished;
    },
    closeAllConnections() {
      server.closeAllConnections();
    },
  };
}

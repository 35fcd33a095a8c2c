import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../../config/trust-proxy';

/** A compiled TrustProxy: is the peer `address`, `hop` hops from this node, a trusted proxy? */
export type TrustFn = (address: string, hop: number) => boolean;

/** The predicate proxy-addr (and Express's `trust proxy`) asks for every hop, nearest first. */
export function compileTrust(setting: TrustProxy): TrustFn {
  if (setting === false || setting === 0) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/**
 * The client's address of an HTTP request or a Socket.IO handshake (`socket.request`): the
 * nearest address in the chain [peer, …X-Forwarded-For from right to left] that is not a trusted
 * proxy. Entries a client wrote itself sit left of its own, so they are never reached.
 */
export function clientAddress(req: IncomingMessage, trust: TrustFn): string {
  // proxy-addr reads only req.socket and req.headers; an already closed socket has no address.
  if (!req.socket?.remoteAddress) return 'unknown';
  return proxyAddr(req, trust);
}

import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * Which peers may tell the client's address (and scheme) in `X-Forwarded-For`/`-Proto`:
 * `false` — nobody (the default: the TCP peer is the client); a number — that many proxy hops in
 * front of the node (a cloud load balancer is 1); a list — the proxies' addresses or CIDRs, or
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`.
 *
 * Why it matters: every per-address budget (the rate limiter, login throttling, socket caps)
 * keys on this address. Trusting too little puts every client behind a remote proxy on the
 * proxy's one address, so 100 requests lock everyone out; trusting too much lets any client
 * rotate X-Forwarded-For and get a fresh budget per request.
 */
export type TrustProxy = false | number | string[];

/** A compiled TrustProxy: is the peer `address`, `hop` hops from this node, a trusted proxy? */
export type TrustFn = (address: string, hop: number) => boolean;

const OFF = /^(false|0|no|off|none)$/i;

/** TRUST_PROXY as written in the environment; a bad value is reported in `problems` (Turkish). */
export function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || OFF.test(value)) return false;
  if (/^(true|yes|on|\*)$/i.test(value)) {
    problems.push(
      'TRUST_PROXY=true her istemcinin X-Forwarded-For başlığına güvenir (adresini dilediği gibi değiştirebilir); vekil sunucu sayısını (ör. 1) ya da adreslerini/CIDR bloklarını yazın',
    );
    return false;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) problems.push(`TRUST_PROXY vekil sayısı 0 ile 10 arasında olmalı (şu an: ${value})`);
    return hops > 10 ? false : hops;
  }
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of list) {
    try {
      proxyAddr.compile(item);
    } catch {
      problems.push(`TRUST_PROXY içindeki "${item}" bir IP adresi, CIDR bloğu ya da loopback/linklocal/uniquelocal olmalı`);
      return false;
    }
  }
  return list;
}

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

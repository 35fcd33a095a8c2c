import proxyAddr from 'proxy-addr';

/*
 * The TRUST_PROXY setting and its parser live with the config, which reads it at boot;
 * common/net/client-address.ts compiles it and finds the client's address with it.
 */

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

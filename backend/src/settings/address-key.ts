import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client's address that per-address budgets count on: an IPv4 address as it is
 * (an IPv4-mapped IPv6 one too), an IPv6 address as its /64 (`2001:db8:1:2::/64`). One IPv6
 * subscriber usually holds a whole /64 and can pick a fresh address in it for every request, so
 * counting full IPv6 addresses would give them 2^64 budgets.
 *
 * Local to the login throttle and the read budgets of `/` and /api/metrics; a shared helper for
 * every per-address budget (the API limiter's included) may replace it.
 */
export function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(bare)) return bare;
  // Groups as written; an embedded IPv4 tail (64:ff9b::1.2.3.4) is two groups, past the /64 anyway.
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const [head, tail] = bare.split('::');
  const first = groups(head);
  const full = tail === undefined ? first : [...first, ...Array<string>(8 - first.length - groups(tail).length).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

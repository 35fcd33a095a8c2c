import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address limit counts a client by (the API's rate limiter, the Socket.IO caps,
 * the login lock per account and address, the read budgets of a member's `/` and /api/metrics):
 * - an IPv4 address as it is;
 * - an IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`, how a dual-stack socket shows an IPv4
 *   peer) as that IPv4 address, so one client is one key whichever way it arrived;
 * - any other IPv6 address by its /64 (`2001:db8:1:2::/64`): one subscriber, one host even, is
 *   given a whole /64 and picks addresses in it at will (privacy extensions rotate them by
 *   themselves), so a limit per full address would give one client unlimited budgets;
 * - anything else (`unknown`) as it is.
 */
export function clientKey(address: string): string {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part as two groups, a zone dropped). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

import { domainToASCII } from 'node:url';

/**
 * A blocklist entry as the server stores it (docs/wire-contract.md#settings): trimmed, without a
 * leading `@` or `*.` or a trailing dot, lowercase, an internationalised name in punycode; '' when
 * it is no domain name (at least two labels of letters, digits and inner hyphens).
 */
export function normaliseBlockedDomain(raw: string): string {
  const bare = raw.trim().replace(/^(\*\.|@)/, '').replace(/\.$/, '');
  if (!bare || /[\s/@:]/.test(bare)) return '';
  const ascii = domainToASCII(bare).toLowerCase();
  return /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(ascii) ? ascii : '';
}

/**
 * Whether the (already normalised, lowercase) address's domain is a listed domain or one of its
 * subdomains: `ornek.com` blocks `a@ornek.com` and `a@posta.ornek.com`, not `a@benzerornek.com`.
 */
export function isBlockedEmail(email: string, blocked: readonly string[]): boolean {
  if (!blocked.length) return false;
  const domain = domainToASCII(email.slice(email.lastIndexOf('@') + 1)).toLowerCase();
  return blocked.some((listed) => domain === listed || domain.endsWith(`.${listed}`));
}

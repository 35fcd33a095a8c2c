import type { IncomingMessage } from 'node:http';
import { loadConfig } from '../../config/app-config';
import { parseTrustProxy, type TrustProxy } from '../../config/trust-proxy';
import { clientAddress, compileTrust } from './client-address';

function parse(raw: string | undefined): { value: TrustProxy; problems: string[] } {
  const problems: string[] = [];
  return { value: parseTrustProxy(raw, problems), problems };
}

/** A request as it reaches the node: from `peer`, with the X-Forwarded-For the hops wrote. */
function request(peer: string, forwardedFor?: string): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} } as unknown as IncomingMessage;
}

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default and for every spelling of "off"', () => {
    for (const raw of [undefined, '', ' ', 'false', '0', 'off', 'none']) expect(parse(raw)).toEqual({ value: false, problems: [] });
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('takes a hop count, or a list of addresses, CIDRs and proxy-addr names', () => {
    expect(parse('1')).toEqual({ value: 1, problems: [] });
    expect(parse('loopback')).toEqual({ value: ['loopback'], problems: [] });
    expect(parse(' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,uniquelocal')).toEqual({
      value: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'uniquelocal'],
      problems: [],
    });
    expect(loadConfig({ TRUST_PROXY: '172.16.0.0/12' }).trustProxy).toEqual(['172.16.0.0/12']);
  });

  it('refuses "true" (anyone could rotate their address), bad addresses and absurd hop counts, in Turkish', () => {
    expect(parse('true').problems[0]).toMatch(/^TRUST_PROXY=true her istemcinin/);
    expect(parse('10.0.0.0/8, nginx').problems).toEqual(['TRUST_PROXY içindeki "nginx" bir IP adresi, CIDR bloğu ya da loopback/linklocal/uniquelocal olmalı']);
    expect(parse('10.0.0.0/99').problems).toHaveLength(1);
    expect(parse('11').problems).toEqual(['TRUST_PROXY vekil sayısı 0 ile 10 arasında olmalı (şu an: 11)']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
  });
});

describe('clientAddress', () => {
  it('with no trusted proxy, is the TCP peer whatever X-Forwarded-For says', () => {
    const none = compileTrust(false);
    expect(clientAddress(request('127.0.0.1', '203.0.113.9'), none)).toBe('127.0.0.1');
    expect(clientAddress(request('198.51.100.4', '203.0.113.9, 10.0.0.1'), none)).toBe('198.51.100.4');
  });

  it('behind trusted proxies, is the nearest untrusted address: a client’s own X-Forwarded-For entries are never reached', () => {
    const nginx = compileTrust(['10.0.0.0/8']);
    // The proxy (10.0.0.2) appended the address it saw; the client had written a fake one first.
    expect(clientAddress(request('10.0.0.2', '1.2.3.4, 203.0.113.9'), nginx)).toBe('203.0.113.9');
    // Two trusted hops (an ingress behind a load balancer, both in the cluster's range).
    expect(clientAddress(request('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.1.0.5'), nginx)).toBe('203.0.113.9');
    // A peer outside the trusted range is the client, whatever it claims.
    expect(clientAddress(request('198.51.100.4', '203.0.113.9'), nginx)).toBe('198.51.100.4');
  });

  it('with a hop count, takes that many entries from the right', () => {
    const oneHop = compileTrust(1);
    expect(clientAddress(request('192.0.2.50', '6.6.6.6, 203.0.113.9'), oneHop)).toBe('203.0.113.9');
    expect(clientAddress(request('192.0.2.50'), oneHop)).toBe('192.0.2.50');
    expect(clientAddress(request('192.0.2.50', '6.6.6.6, 203.0.113.9'), compileTrust(2))).toBe('6.6.6.6');
  });

  it('answers "unknown" for a request whose socket is already gone', () => {
    expect(clientAddress({ socket: {}, headers: {} } as unknown as IncomingMessage, compileTrust(false))).toBe('unknown');
  });
});

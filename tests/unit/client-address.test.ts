import { describe, expect, it } from 'vitest';
import { clientAddress, forwardedProto, parseTrustProxy } from '../../src/server/http/client-address.mjs';

describe('parseTrustProxy', () => {
  it.each(['', '  ', '0', undefined])('%j trusts no proxy', (value) => {
    expect(parseTrustProxy(value)).toEqual({ hops: 0 });
  });
  it('a whole number is a hop count', () => {
    expect(parseTrustProxy(' 2 ')).toEqual({ hops: 2 });
  });
  it.each([
    ['true', /"true" is not an IP address/],
    ['10.0.0.0/33', /"10.0.0.0\/33" is not an IP address/],
    ['fd00::/129', /is not an IP address/],
    ['10.0.0.1/8/8', /is not an IP address/],
    ['1.2.3', /"1.2.3" is not an IP address/],
    ['99', /at most 20/],
    [',', /expected a hop count or a list/],
  ])('%j is refused with a message naming TRUST_PROXY', (value, message) => {
    expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY: /);
    expect(() => parseTrustProxy(value)).toThrow(message);
  });
});

describe('clientAddress', () => {
  const none = parseTrustProxy('');
  it('trusting no proxy, the socket is the client whatever the header says', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.1, 198.51.100.2', none)).toBe('127.0.0.1');
    expect(clientAddress('::ffff:192.0.2.4', undefined, none)).toBe('192.0.2.4');
  });
  it('a hop count takes that many entries from the right, stopping at the leftmost', () => {
    expect(clientAddress('10.0.0.1', 'forged, 203.0.113.1, 198.51.100.2', parseTrustProxy('1'))).toBe('198.51.100.2');
    expect(clientAddress('10.0.0.1', 'forged, 203.0.113.1, 198.51.100.2', parseTrustProxy('2'))).toBe('203.0.113.1');
    expect(clientAddress('10.0.0.1', '203.0.113.1', parseTrustProxy('3'))).toBe('203.0.113.1');
    expect(clientAddress('10.0.0.1', undefined, parseTrustProxy('1'))).toBe('10.0.0.1');
  });
  it('an entry that is not an address is never the client: the last proxy that passed it on is', () => {
    expect(clientAddress('10.0.0.1', '203.0.113.1, not-an-address', parseTrustProxy('2'))).toBe('10.0.0.1');
  });
  it('a proxy list skips trusted hops from the right, IPv4 and IPv6, and stops at the first stranger', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 2001:db8::/32, 127.0.0.1');
    expect(clientAddress('127.0.0.1', '198.51.100.9, 203.0.113.5, 2001:db8::7, 10.2.3.4', trust)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:10.1.1.1', '[2001:db8::1], 2001:db9::1', trust)).toBe('2001:db9::1');
    expect(clientAddress('192.0.2.1', '203.0.113.5', trust)).toBe('192.0.2.1');
    expect(clientAddress('10.1.1.1', '10.2.2.2, 10.3.3.3', trust)).toBe('10.2.2.2');
  });
});

describe('forwardedProto', () => {
  const none = parseTrustProxy(undefined);
  const oneHop = parseTrustProxy('1');
  const twoHops = parseTrustProxy('2');
  const proxies = parseTrustProxy('10.0.0.0/8');

  it('is never believed without a trusted proxy in front', () => {
    expect(forwardedProto('203.0.113.7', undefined, 'https', none)).toBeNull();
    expect(forwardedProto('127.0.0.1', '203.0.113.7', 'https', none)).toBeNull();
    // The connection's address is not one of the listed proxies.
    expect(forwardedProto('203.0.113.7', '198.51.100.1', 'https', proxies)).toBeNull();
  });

  it('from a trusted proxy: its word, http or https', () => {
    expect(forwardedProto('10.0.0.5', '203.0.113.7', 'https', oneHop)).toBe('https');
    expect(forwardedProto('10.0.0.5', '203.0.113.7', 'HTTP', oneHop)).toBe('http');
    expect(forwardedProto('10.0.0.5', '203.0.113.7', 'https', proxies)).toBe('https');
    expect(forwardedProto('10.0.0.5', '203.0.113.7', undefined, oneHop)).toBeNull();
    expect(forwardedProto('10.0.0.5', '203.0.113.7', 'ftp', oneHop)).toBeNull();
  });

  it('appended by each proxy: the entry the outermost trusted proxy wrote; what the client sent further left is ignored', () => {
    // The client claimed https; our one proxy appended what it saw.
    expect(forwardedProto('10.0.0.5', '203.0.113.7', 'https, http', oneHop)).toBe('http');
    // Two proxies: the outer one saw https, the inner one talked http to us.
    expect(forwardedProto('10.0.0.5', '203.0.113.7, 10.0.0.9', 'https, http', twoHops)).toBe('https');
    expect(forwardedProto('10.0.0.5', '203.0.113.7, 10.0.0.9', 'https, http', proxies)).toBe('https');
    // A proxy that overwrites leaves one entry: it stands for the chain.
    expect(forwardedProto('10.0.0.5', '203.0.113.7, 10.0.0.9', 'https', twoHops)).toBe('https');
  });
});

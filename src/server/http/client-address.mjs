// Which address a request comes from. Per-address limits are only as good as this answer, so a
// forwarded header is believed only as far as TRUST_PROXY says (see docs/decisions/009).
import { BlockList, isIP } from 'node:net';

const MAX_HOPS = 20;

/** "::ffff:203.0.113.7" (an IPv4 client on a dual-stack socket) is the IPv4 address it carries. */
function plainAddress(value) {
  const address = value.trim().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

function addNetwork(list, entry) {
  const [address, prefix, ...rest] = plainAddress(entry).split('/');
  const family = isIP(address ?? '');
  const maxPrefix = family === 4 ? 32 : 128;
  if (!family || rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) || Number(prefix ?? 0) > maxPrefix) {
    throw new Error(`TRUST_PROXY: "${entry.trim()}" is not an IP address or CIDR range (e.g. 10.0.0.0/8, fd00::/8).`);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) list.addAddress(address, type);
  else list.addSubnet(address, Number(prefix), type);
}

/**
 * Reads TRUST_PROXY: unset, empty or `0` trusts no proxy (the socket's address is the client); a
 * whole number N trusts the N proxies nearest to us; otherwise a comma-separated list of proxy
 * addresses and CIDR ranges, IPv4 or IPv6. Throws a readable error for anything else.
 */
export function parseTrustProxy(value) {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return { hops: 0 };
  if (/^\d+$/.test(text)) {
    if (Number(text) > MAX_HOPS) throw new Error(`TRUST_PROXY: a hop count must be at most ${MAX_HOPS}, got ${text}.`);
    return { hops: Number(text) };
  }
  const networks = new BlockList();
  const entries = text.split(',').filter((entry) => entry.trim() !== '');
  if (entries.length === 0) throw new Error('TRUST_PROXY: expected a hop count or a list of proxy addresses.');
  for (const entry of entries) addNetwork(networks, entry);
  return { networks };
}

function isTrustedProxy(trust, address, index) {
  const family = isIP(address);
  if (!family) return false;
  if (trust.networks) return trust.networks.check(address, family === 4 ? 'ipv4' : 'ipv6');
  return index < trust.hops;
}

/**
 * The client's address: the socket's, unless trusted proxies stand in between. Walks the
 * X-Forwarded-For chain from the right (the entry our nearest proxy wrote) and stops at the first
 * address that is not a trusted proxy; anything further left was written by the client itself.
 */
export function clientAddress(socketAddress, forwardedFor, trust) {
  const { nearestFirst, index } = clientHop(socketAddress, forwardedFor, trust);
  return nearestFirst[index];
}

/** The X-Forwarded-For chain nearest first (the socket's address at 0), and the index of the client in it. */
function clientHop(socketAddress, forwardedFor, trust) {
  const nearestFirst = [
    plainAddress(socketAddress ?? ''),
    ...String(forwardedFor ?? '')
      .split(',')
      .map(plainAddress)
      .filter(Boolean)
      .reverse(),
  ];
  let index = 0;
  while (index + 1 < nearestFirst.length && isTrustedProxy(trust, nearestFirst[index], index)) {
    // An entry that is not an address cannot be a client; the proxy that passed it on is the last one we know.
    if (!isIP(nearestFirst[index + 1])) break;
    index += 1;
  }
  return { nearestFirst, index };
}

/**
 * The scheme the visitor used, as X-Forwarded-Proto says: believed only from a proxy TRUST_PROXY
 * trusts (the socket's peer must be one), like X-Forwarded-For. Without one the header is anyone's
 * to write, and believing it would turn on HSTS and `Secure` cookies for a plain-HTTP visitor.
 * Proxies that append take the entry the outermost trusted proxy wrote (counted from the right,
 * as for the address); one that overwrites leaves a single entry. Null: not forwarded, or not
 * believed.
 * @returns {'http' | 'https' | null}
 */
export function forwardedProto(socketAddress, forwardedFor, forwardedProtoHeader, trust) {
  const peer = plainAddress(socketAddress ?? '');
  if (!isTrustedProxy(trust, peer, 0)) return null;
  const entries = String(forwardedProtoHeader ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .reverse();
  if (entries.length === 0) return null;
  // How many proxies stood between the visitor and us: the hops clientAddress walks.
  const hops = Math.max(1, clientHop(socketAddress, forwardedFor, trust).index);
  const entry = entries[Math.min(hops, entries.length) - 1];
  return entry === 'https' || entry === 'http' ? entry : null;
}

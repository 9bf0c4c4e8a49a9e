import net from 'node:net';

/**
 * Which proxies may tell us the client's address: the number of proxies in front of the app, or
 * their addresses. Never "every X-Forwarded-For entry": the left-most entries are whatever the
 * client sent, so trusting them lets anyone pick the address the login limits count against.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** Fastify's and proxy-addr's shape: is the address `hop` steps from us a proxy of ours? */
export type TrustProxyFn = (address: string, hop: number) => boolean;

const INSTEAD =
  'write the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8)';

/** Parses TRUST_PROXY; a problem is returned as the text to show after `TRUST_PROXY: `. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') {
    return { error: `'true' would trust every X-Forwarded-For entry; ${INSTEAD}` };
  }
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = addresses.find((a) => !isAddressOrCidr(a));
  if (bad !== undefined || addresses.length === 0) {
    return { error: `'${bad ?? value}' is not an IP address or CIDR; ${INSTEAD}` };
  }
  return { addresses };
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The trust rule as a function, for Fastify's `trustProxy` and for the WebSocket upgrade. */
export function trustProxyFn(trust: TrustProxy): TrustProxyFn | false {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    // The socket's peer is hop 0: with one proxy, only it is believed about the client.
    return (_address, hop) => hop < hops;
  }
  const list = new net.BlockList();
  for (const entry of trust.addresses) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const family = net.isIP(address);
    // BlockList matches IPv4-mapped IPv6 peers (::ffff:10.0.0.1) against IPv4 entries.
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

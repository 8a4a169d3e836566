import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * No server-side request forgery (ADR 0055): a webhook is only ever sent to an address on the public
 * internet. The host is resolved, every address it resolves to is checked, and the request then
 * connects to the checked address itself (webhook-sender.ts pins it), so a DNS answer that changes
 * between the check and the connection (rebinding) cannot reach inside.
 */

// Two lists: Node matches an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d), so one list
// holding ::ffff:0:0/96 would refuse every IPv4 address.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
// IPv4: "this network", private, CGNAT, loopback, link-local (cloud metadata at 169.254.169.254),
// IETF protocol assignments, documentation, benchmarking, multicast and reserved, broadcast.
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refusedV4.addSubnet(network, prefix, 'ipv4');
}
// IPv6: unspecified, loopback, IPv4-mapped and -translated, discard, unique-local (fc00::/7, with the
// metadata address fd00:ec2::254), link-local, site-local, multicast, documentation, 6to4 and Teredo.
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['2001::', 32],
] as const) {
  refusedV6.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether `address` (an IP literal) is one a webhook may be sent to: public, unicast. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !refusedV4.check(address, 'ipv4') : !refusedV6.check(address, 'ipv6');
}

const isLoopback = (address: string) => {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/** What the tests-only switch changes (WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS): loopback, over http too. */
export type WebhookAddressPolicy = { allowLoopbackForTests: boolean };

export type ResolvedWebhookTarget = { url: URL; address: string; family: 4 | 6 };

export type AddressRefusal = 'not_https' | 'refused_address' | 'unknown_host';

/** How a host name is resolved: every address (DNS in production; a table in the unit test). */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the URL's host and checks every address it names; answers the one to connect to, or why
 * not. A URL must be https (http only to loopback under the tests-only switch), and carry no
 * credentials.
 */
export async function resolveWebhookTarget(
  raw: string,
  policy: WebhookAddressPolicy,
  resolve: Resolve = systemResolve,
): Promise<ResolvedWebhookTarget | { refused: AddressRefusal }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: 'not_https' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: 'not_https' };
  if (url.username || url.password) return { refused: 'not_https' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return { refused: 'unknown_host' };
    }
  }
  if (addresses.length === 0) return { refused: 'unknown_host' };
  const allowed = (address: string) =>
    isPublicAddress(address) || (policy.allowLoopbackForTests && isLoopback(address));
  // One refused address refuses the host: a round-robin answer must not smuggle one in.
  if (!addresses.every((entry) => allowed(entry.address))) return { refused: 'refused_address' };
  const [first] = addresses;
  if (!first) return { refused: 'unknown_host' };
  if (url.protocol === 'http:' && !(policy.allowLoopbackForTests && isLoopback(first.address))) {
    return { refused: 'not_https' };
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

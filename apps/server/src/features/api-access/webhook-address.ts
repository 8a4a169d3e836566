import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { apiAccessMessages } from '@app/contract';
import ipaddr from 'ipaddr.js';

/*
 * No server-side request forgery (ADR 0055): a webhook is only ever sent to an address on the public
 * internet. The host is resolved, every address it resolves to is checked, and the request then
 * connects to the checked address itself (webhook-sender.ts pins it), so a DNS answer that changes
 * between the check and the connection (rebinding) cannot reach inside.
 */

/*
 * What counts as public is ipaddr.js's range(): only `unicast` may be reached, in either family, so
 * private, loopback, link-local (cloud metadata at 169.254.169.254), CGNAT, reserved, multicast,
 * unique-local (fd00:ec2::254), IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96, 64:ff9b:1::/48),
 * 6to4 (2002::/16) and Teredo (2001::/32) are all refused. One form ipaddr.js calls unicast embeds an
 * IPv4 address too: the deprecated IPv4-compatible ::/96 (`[::127.0.0.1]` is `[::7f00:1]`), refused
 * here by name.
 */
const ipv4Compatible = ipaddr.parseCIDR('::/96');

const rangeOf = (address: string): string | null => {
  if (isIP(address) === 0) return null;
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  // After range(): :: and ::1 lie inside ::/96 too, and keep their own names (loopback for the switch).
  if (range === 'unicast' && parsed.kind() === 'ipv6' && parsed.match(ipv4Compatible)) return 'ipv4Compatible';
  return range;
};

/** Whether `address` (an IP literal) is one a webhook may be sent to: public, unicast. */
export function isPublicAddress(address: string): boolean {
  return rangeOf(address) === 'unicast';
}

const isLoopback = (address: string) => rangeOf(address) === 'loopback';

/** What the tests-only switch changes (WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS): loopback, over http too. */
export type WebhookAddressPolicy = { allowLoopbackForTests: boolean };

export type ResolvedWebhookTarget = { url: URL; address: string; family: 4 | 6 };

export type AddressRefusal = 'not_https' | 'refused_address' | 'unknown_host';

/** What the owner reads for each refusal: on registering, and in the delivery log at send time. */
export const addressRefusalMessages: Record<AddressRefusal, string> = {
  not_https: apiAccessMessages.webhookHttpsOnly,
  refused_address: apiAccessMessages.webhookAddressRefused,
  unknown_host: apiAccessMessages.webhookHostUnknown,
};

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

import { describe, expect, it } from 'vitest';
import { isPublicAddress, type Resolve, resolveWebhookTarget } from './webhook-address.ts';

/*
 * The webhook address check (ADR 0055), with a resolver given as a table: no DNS query and
 * no connection is made. Every address a host resolves to must be public unicast; the tests-only
 * switch lets loopback through, and nothing else.
 */

const strict = { allowLoopbackForTests: false };
const testsOnly = { allowLoopbackForTests: true };

/** A resolver that answers from a table and fails for anything else, as DNS would (ENOTFOUND). */
const table =
  (answers: Record<string, string[]>): Resolve =>
  async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12'],
    ['192.168.1.10', 'private 192.168/16'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.254', 'CGNAT 100.64/10'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'AWS metadata over IPv6'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:8.8.8.8', 'IPv4-mapped (refused whatever it maps)'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b:1::7f00:1', 'local-use NAT64'],
    ['::7f00:1', 'IPv4-compatible loopback (::127.0.0.1)'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata (::169.254.169.254)'],
    ['::808:808', 'IPv4-compatible (refused whatever it embeds)'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:808:808::1', '6to4 (refused whatever it embeds)'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145)'],
    ['100::1', 'IPv6 discard'],
    ['fec0::1', 'IPv6 site-local'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['240.0.0.1', 'reserved'],
    ['ff02::1', 'IPv6 multicast'],
    ['not-an-address', 'not an IP at all'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111'])(
    'accepts the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('resolveWebhookTarget', () => {
  const resolve = table({
    'hooks.example.com': ['93.184.215.14'],
    'v6.example.com': ['2606:4700:4700::1111'],
    'internal.example.com': ['10.0.0.5'],
    'metadata.example.com': ['169.254.169.254'],
    'sneaky.example.com': ['93.184.215.14', '192.168.0.1'],
    'ula.example.com': ['fd00:ec2::254'],
    localhost: ['127.0.0.1', '::1'],
  });

  it('answers the checked address of a public https host, to connect to it and nothing else', async () => {
    const target = await resolveWebhookTarget('https://hooks.example.com/tradecert', strict, resolve);
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect('url' in target && target.url.href).toBe('https://hooks.example.com/tradecert');
    expect(await resolveWebhookTarget('https://v6.example.com/', strict, resolve)).toMatchObject({ family: 6 });
  });

  it.each([
    'https://internal.example.com/',
    'https://metadata.example.com/latest/meta-data/',
    'https://sneaky.example.com/',
    'https://ula.example.com/',
    'https://localhost/',
    'https://127.0.0.1/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://017700000001/',
    'https://0177.0.0.1/',
    'https://127.1/',
    'https://[::127.0.0.1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://10.0.0.1/',
    'https://172.16.0.1/',
    'https://192.168.0.1/',
    'https://[fe80::1]/',
    'https://[fc00::1]/',
    'https://[::1]/',
    'https://[::ffff:169.254.169.254]/',
    'https://169.254.169.254/',
    'https://[fd00:ec2::254]/',
    'https://0.0.0.0/',
  ])('refuses %s: a private, local or metadata address', async (url) => {
    expect(await resolveWebhookTarget(url, strict, resolve)).toEqual({ refused: 'refused_address' });
  });

  it('refuses anything but https, and URLs with credentials', async () => {
    for (const url of [
      'http://hooks.example.com/',
      'ftp://hooks.example.com/',
      'file:///etc/passwd',
      'https://user:secret@hooks.example.com/',
      'not a url',
    ]) {
      expect(await resolveWebhookTarget(url, strict, resolve), url).toEqual({ refused: 'not_https' });
    }
  });

  it('says so when the host is unknown', async () => {
    expect(await resolveWebhookTarget('https://nowhere.example.com/', strict, resolve)).toEqual({
      refused: 'unknown_host',
    });
  });

  it('lets loopback through, over http too, only under the tests-only switch', async () => {
    expect(await resolveWebhookTarget('http://127.0.0.1:4000/hook', testsOnly, resolve)).toMatchObject({
      address: '127.0.0.1',
    });
    expect(await resolveWebhookTarget('https://localhost/', testsOnly, resolve)).toMatchObject({
      address: '127.0.0.1',
    });
    // The switch opens loopback only: private networks, metadata, loopback inside an IPv6 address
    // and plain http elsewhere stay shut.
    for (const url of ['https://[::127.0.0.1]/', 'https://[::ffff:127.0.0.1]/', 'https://[64:ff9b::7f00:1]/']) {
      expect(await resolveWebhookTarget(url, testsOnly, resolve), url).toEqual({ refused: 'refused_address' });
    }
    expect(await resolveWebhookTarget('https://internal.example.com/', testsOnly, resolve)).toEqual({
      refused: 'refused_address',
    });
    expect(await resolveWebhookTarget('https://169.254.169.254/', testsOnly, resolve)).toEqual({
      refused: 'refused_address',
    });
    expect(await resolveWebhookTarget('http://hooks.example.com/', testsOnly, resolve)).toEqual({
      refused: 'not_https',
    });
  });
});

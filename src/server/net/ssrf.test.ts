// IPv6 forms that carry an IPv4 address: refused when the IPv4 inside is, through
// a literal URL, a host name (a test resolver) and a redirect. And the operator's
// trusted client, which skips the address check for configured upstream URLs.
import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/helpers/fixture-server';
import { loadConfig } from '../config';
import { fullSweepUrl, ll2Get } from '../launches/client';
import { parseLaunchRecords } from '../launches/records';
import { rssFetcher } from '../ingest/fetchers/rss';
import { testContext } from '../ingest/fetchers/test-support';
import { createGuardedHttp, type GuardedHttpClient } from './guarded-http';
import { blockedReason } from './ssrf';
import { SourceFetchError } from '../ingest/types';

/** Teredo: the client's IPv4 address is the last 32 bits, inverted. */
const teredo = (ipv4: string) => {
  const [a, b, c, d] = ipv4.split('.').map((n) => Number(n) ^ 0xff);
  const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
  return `2001:0:4136:e378:8000:63bf:${hex(a, b)}:${hex(c, d)}`;
};

describe('IPv6 addresses that carry an IPv4 address', () => {
  it.each([
    ['::127.0.0.1', 'ipv4Compatible'],
    ['::7f00:1', 'ipv4Compatible'],
    ['[::169.254.169.254]', 'ipv4Compatible'],
    ['::8.8.8.8', 'ipv4Compatible'], // deprecated form: refused whatever it wraps
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'linkLocal'],
    ['2002:c0a8:101::', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    [teredo('127.0.0.1'), 'loopback'],
    [teredo('169.254.169.254'), 'linkLocal'],
    [teredo('10.0.0.1'), 'private'],
    [teredo('8.8.8.8'), 'teredo'], // tunnelled through third-party relays: never fetched
    // NAT64 local-use (64:ff9b:1::/48): where the IPv4 sits depends on the network's prefix length.
    ['64:ff9b:1::a00:1', 'nat64LocalUse'],
    ['64:ff9b:1:a00:1::', 'nat64LocalUse'], // 10.0.0.1 under a /48 prefix
    ['64:ff9b:1:7f00:1::', 'nat64LocalUse'], // 127.0.0.1 under a /48 prefix
    ['64:ff9b:1:a9fe:a9:fe00::', 'nat64LocalUse'], // 169.254.169.254 under a /48 prefix
    ['64:ff9b:1::808:808', 'nat64LocalUse'], // looks like 8.8.8.8 at /96, but need not be
    ['64:ff9b:1:ffff:ffff:ffff:ffff:ffff', 'nat64LocalUse'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(blockedReason(address, false)).toBe(reason);
  });

  it('allows 6to4 and NAT64 around a public address', () => {
    expect(blockedReason('2002:808:808::1', false)).toBeNull();
    expect(blockedReason('64:ff9b::8.8.8.8', false)).toBeNull();
  });

  it('keeps the always-refused forms refused with FETCH_ALLOW_PRIVATE_NETWORK', () => {
    expect(blockedReason('::127.0.0.1', true)).toBe('ipv4Compatible');
    expect(blockedReason(teredo('127.0.0.1'), true)).toBe('teredo');
    expect(blockedReason('2002:a9fe:a9fe::', true)).toBe('linkLocal');
    expect(blockedReason('64:ff9b::7f00:1', true)).toBeNull(); // loopback, opened by the switch
    expect(blockedReason('64:ff9b:1:a9fe:a9:fe00::', true)).toBe('nat64LocalUse');
    expect(blockedReason('64:ff9b:1::808:808', true)).toBe('nat64LocalUse');
  });

  it('leaves addresses just outside NAT64 local-use to the other rules', () => {
    expect(blockedReason('64:ff9b:2::808:808', false)).not.toBe('nat64LocalUse');
    expect(blockedReason('64:ff9b:0:1::808:808', false)).not.toBe('nat64LocalUse');
  });
});

const wrapped = [
  ['IPv4-compatible', '::7f00:1'],
  ['6to4', '2002:7f00:1::'],
  ['NAT64', '64:ff9b::7f00:1'],
  ['NAT64-local-use', '64:ff9b:1:7f00:1::808:808'],
  ['Teredo', teredo('127.0.0.1')],
] as const;

async function blocked(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => new Error('expected the fetch to be refused'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SourceFetchError);
  return (err as Error).message;
}
const BLOCKED = 'Blocked: the URL points to a private or local network address.';

describe('the guarded client refuses them', () => {
  let server: http.Server;
  let port: number;
  let client: GuardedHttpClient;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
      if (to) return void res.writeHead(302, { location: to }).end();
      res.writeHead(200, { 'content-type': 'text/plain' }).end('reached');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
    const config = loadConfig({ DATA_DIR: os.tmpdir(), FETCH_TIMEOUT_MS: '2000' }).ingest;
    client = createGuardedHttp(config, {
      // Only the plain IPv4 loopback of this test server is let through.
      exempt: (address) => address === '127.0.0.1',
      resolve: async (hostname) => {
        const entry = wrapped.find(([name]) => `${name.toLowerCase()}.test` === hostname);
        if (!entry) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
        return [{ address: entry[1], family: 6 }];
      },
    });
  });
  afterAll(async () => {
    await client.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('reaches the exempt test server itself (the control)', async () => {
    expect((await client.get(`http://127.0.0.1:${port}/ok`)).text).toBe('reached');
  });

  it.each(wrapped)('%s as a literal URL host', async (_name, address) => {
    expect(await blocked(client.get(`http://[${address}]:${port}/literal`))).toBe(BLOCKED);
  });

  it.each(wrapped)('%s behind a host name', async (name) => {
    const host = `${name.toLowerCase()}.test`;
    expect(await blocked(client.get(`http://${host}:${port}/named`))).toBe(BLOCKED);
  });

  it.each(wrapped)('%s as a redirect target', async (_name, address) => {
    const before = hits.length;
    const to = encodeURIComponent(`http://[${address}]:${port}/after-redirect`);
    expect(await blocked(client.get(`http://127.0.0.1:${port}/?to=${to}`))).toBe(BLOCKED);
    expect(hits.slice(before)).toEqual([`/?to=${to}`]); // the redirect target was never reached
  });
});

describe('operator-set upstream URLs', () => {
  let server: http.Server;
  let base: string;
  const env = { DATA_DIR: os.tmpdir(), FETCH_ALLOW_PRIVATE_NETWORK: 'false' };

  beforeAll(async () => {
    const launches = readFixture('ll2-upcoming-detailed-mode.json');
    server = http.createServer((req, res) => {
      if (req.url?.startsWith('/2.2.0/launch/'))
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(launches);
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss></rss>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('fetch a private LAUNCH_LIBRARY_URL through the trusted client, while user URLs there stay blocked', async () => {
    const config = loadConfig({ ...env, LAUNCH_LIBRARY_URL: `${base}/2.2.0` }).ingest;
    const guarded = createGuardedHttp(config);
    const trusted = createGuardedHttp(config, { trusted: true });
    try {
      // The launch poller's call, as launches/poll.ts makes it.
      const res = await ll2Get(trusted, config, fullSweepUrl(config.launchLibraryUrl, Date.now()));
      expect(parseLaunchRecords(JSON.parse(res.text)).length).toBeGreaterThan(0);

      const userFeed = testContext(
        { url: `${base}/feed.xml`, sourceType: 'rss' },
        { ...env, LAUNCH_LIBRARY_URL: `${base}/2.2.0` },
        guarded,
      );
      expect(await blocked(rssFetcher.fetch({ ...userFeed, operatorHttp: trusted }))).toBe(BLOCKED);
    } finally {
      await guarded.close();
      await trusted.close();
    }
  });

  it('keep the size cap and the http(s)-only rule on the trusted client', async () => {
    const config = loadConfig({ ...env, FETCH_MAX_BYTES: '1024' }).ingest;
    const trusted = createGuardedHttp(config, { trusted: true });
    try {
      expect(await blocked(trusted.get(`${base}/2.2.0/launch/upcoming/`))).toMatch(
        /^The response is larger than/,
      );
      expect(await blocked(trusted.get('file:///etc/passwd'))).toBe(
        'Only http and https URLs can be fetched.',
      );
    } finally {
      await trusted.close();
    }
  });
});

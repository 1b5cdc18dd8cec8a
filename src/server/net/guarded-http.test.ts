import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createGuardedHttp, type GuardedHttpClient } from './guarded-http';
import { ensureOk } from '../ingest/fetchers/util';
import { blockedReason } from './ssrf';
import { SourceFetchError } from '../ingest/types';

const baseEnv = {
  DATA_DIR: os.tmpdir(),
  FETCH_TIMEOUT_MS: '800',
  FETCH_MAX_BYTES: String(1024 * 1024),
};
const configFor = (env: Record<string, string>) => loadConfig({ ...baseEnv, ...env }).ingest;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
async function serve(handler: Handler, host = '127.0.0.1') {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, host, r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://${host}:${port}`,
    port,
    hits: 0,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function failure(p: Promise<unknown>): Promise<SourceFetchError> {
  const err = await p.then(
    () => new Error('expected the request to fail'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SourceFetchError);
  return err as SourceFetchError;
}

describe('SSRF policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['fc00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['2002:7f00:1::', 'loopback'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(blockedReason(address, false)).toBe(reason);
  });

  it('allows public addresses', () => {
    expect(blockedReason('93.184.216.34', false)).toBeNull();
    expect(blockedReason('2606:4700::1111', false)).toBeNull();
    expect(blockedReason('::ffff:8.8.8.8', false)).toBeNull();
  });

  it('opens loopback and private ranges with FETCH_ALLOW_PRIVATE_NETWORK, never metadata', () => {
    expect(blockedReason('127.0.0.1', true)).toBeNull();
    expect(blockedReason('192.168.1.1', true)).toBeNull();
    expect(blockedReason('169.254.169.254', true)).toBe('linkLocal');
    expect(blockedReason('0.0.0.0', true)).toBe('unspecified');
  });
});

describe('guarded HTTP', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let client: GuardedHttpClient;
  const requests: http.IncomingHttpHeaders[] = [];

  // 64 MB of zeros compresses to ~64 KB; built once, not per request.
  const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 1 });
  beforeAll(async () => {
    server = await serve((req, res) => {
      requests.push(req.headers);
      const url = new URL(req.url ?? '/', 'http://x');
      switch (url.pathname) {
        case '/feed':
          if (req.headers['if-none-match'] === '"v1"')
            return void res.writeHead(304, { etag: '"v1"' }).end();
          return void res
            .writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag: '"v1"' })
            .end('<rss>café</rss>');
        case '/gzip':
          return void res
            .writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'gzip' })
            .end(zlib.gzipSync('<rss>gzipped ünïcode</rss>'));
        case '/br':
          return void res
            .writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'br' })
            .end(zlib.brotliCompressSync('<rss>brotli</rss>'));
        case '/bomb':
          // 64 MB of zeros compresses to ~64 KB: the cap applies to the decompressed bytes.
          return void res
            .writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'gzip' })
            .end(bomb);
        case '/latin1-header':
          return void res
            .writeHead(200, { 'content-type': 'application/xml; charset=ISO-8859-1' })
            .end(Buffer.from('<rss>Sch\xf6ne Gr\xfc\xdfe</rss>', 'latin1'));
        case '/latin1-prolog':
          return void res
            .writeHead(200, { 'content-type': 'application/xml' })
            .end(
              Buffer.from(
                '<?xml version="1.0" encoding="ISO-8859-1"?><rss>Andr\xe9</rss>',
                'latin1',
              ),
            );
        case '/cp1252-prolog':
          return void res
            .writeHead(200, { 'content-type': 'text/xml' })
            .end(
              Buffer.from([
                ...Buffer.from('<?xml version="1.0" encoding="windows-1252"?><rss>'),
                0x93,
                0x68,
                0x69,
                0x94,
                0x20,
                0x80,
                ...Buffer.from('</rss>'),
              ]),
            );
        case '/cp1252-header':
          return void res
            .writeHead(200, { 'content-type': 'text/xml; charset=windows-1252' })
            .end(Buffer.from([0x97, 0x20, 0x99]));
        case '/meta-charset':
          return void res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(
              Buffer.from(
                '<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head></html>',
                'latin1',
              ),
            );
        case '/huge': {
          // 50 MB streamed without a Content-Length: the client must stop early.
          res.writeHead(200, { 'content-type': 'text/xml' });
          const chunk = Buffer.alloc(64 * 1024, 0x61);
          let sent = 0;
          const pump = () => {
            while (sent < 50 * 1024 * 1024) {
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
            res.end();
          };
          res.on('close', () => (hugeSent = sent));
          pump();
          return;
        }
        case '/declared-huge':
          res.writeHead(200, {
            'content-type': 'text/xml',
            'content-length': String(50 * 1024 * 1024),
          });
          return void res.write('<rss>');
        case '/never':
          return; // never answers
        case '/answered-while-busy':
          // The answer is sent at once, and then this thread is busy for three times the
          // timeout (as the ingestion thread is while it parses another feed) before it
          // can read the answer.
          res.writeHead(200, { 'content-type': 'text/plain' }).end('read in the end', () =>
            setImmediate(() => {
              const until = performance.now() + 2400;
              while (performance.now() < until);
            }),
          );
          return;
        case '/slow-body':
          res.writeHead(200, { 'content-type': 'text/xml' });
          res.write('<rss>');
          return; // headers arrive, the body never ends
        case '/loop':
          return void res.writeHead(302, { location: '/loop2' }).end();
        case '/loop2':
          return void res.writeHead(302, { location: '/loop' }).end();
        case '/bad-location':
          return void res.writeHead(302, { location: 'http://[zz' }).end();
        case '/redirect-to':
          return void res.writeHead(307, { location: url.searchParams.get('to') ?? '/' }).end();
        case '/chain': {
          const n = Number(url.searchParams.get('n') ?? 0);
          if (n <= 0)
            return void res.writeHead(200, { 'content-type': 'text/plain' }).end('arrived');
          return void res.writeHead(301, { location: `/chain?n=${n - 1}` }).end();
        }
        case '/to-metadata':
          return void res
            .writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
            .end();
        case '/to-mapped':
          return void res.writeHead(302, { location: `http://[::ffff:169.254.169.254]/` }).end();
        case '/to-file':
          return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
        case '/forbidden':
          return void res.writeHead(403, { 'retry-after': '120' }).end('no');
        case '/missing':
          return void res.writeHead(404).end('no');
        default:
          return void res.writeHead(500).end();
      }
    });
    client = createGuardedHttp(configFor({ FETCH_ALLOW_PRIVATE_NETWORK: 'true' }));
  });
  let hugeSent = 0;
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('fetches, sends the User-Agent, and answers a conditional GET with notModified', async () => {
    const first = await client.get(`${server.url}/feed`);
    expect(first.status).toBe(200);
    expect(first.text).toBe('<rss>café</rss>');
    expect(first.headers.get('etag')).toBe('"v1"');
    expect(requests.at(-1)?.['user-agent']).toMatch(/^AstroDash\//);
    const second = await client.get(`${server.url}/feed`, { etag: '"v1"' });
    expect(second.notModified).toBe(true);
    expect(second.status).toBe(304);
    expect(requests.at(-1)?.['if-none-match']).toBe('"v1"');
  });

  it('accepts gzip and brotli bodies', async () => {
    expect((await client.get(`${server.url}/gzip`)).text).toBe('<rss>gzipped ünïcode</rss>');
    expect((await client.get(`${server.url}/br`)).text).toBe('<rss>brotli</rss>');
    expect(requests.at(-1)?.['accept-encoding']).toContain('gzip');
  });

  it('caps the decompressed size of a zip bomb', async () => {
    expect((await failure(client.get(`${server.url}/bomb`))).message).toBe(
      'The response is larger than 1 MB.',
    );
  });

  it('decodes ISO-8859-1 and windows-1252 from the header, the XML prolog and a meta charset', async () => {
    expect((await client.get(`${server.url}/latin1-header`)).text).toBe('<rss>Schöne Grüße</rss>');
    expect((await client.get(`${server.url}/latin1-prolog`)).text).toContain('<rss>André</rss>');
    expect((await client.get(`${server.url}/cp1252-prolog`)).text).toContain('<rss>“hi” €</rss>');
    expect((await client.get(`${server.url}/cp1252-header`)).text).toBe('— ™');
    expect((await client.get(`${server.url}/meta-charset`)).text).toContain('<title>Café</title>');
  });

  it('aborts a 50 MB body early at the cap', async () => {
    const started = Date.now();
    expect((await failure(client.get(`${server.url}/huge`))).message).toBe(
      'The response is larger than 1 MB.',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(hugeSent).toBeLessThan(20 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('rejects a declared Content-Length above the cap without reading it', async () => {
    expect((await failure(client.get(`${server.url}/declared-huge`))).message).toBe(
      'The response is larger than 1 MB.',
    );
  });

  it('times out a server that never answers, and a body that never ends', async () => {
    const started = Date.now();
    expect((await failure(client.get(`${server.url}/never`))).message).toBe(
      'Timed out after 0.8 s',
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await failure(client.get(`${server.url}/slow-body`))).message).toBe(
      'Timed out after 0.8 s',
    );
  });

  it("does not time out an answer that waited while the thread was busy (the deadline counts the thread's idle time)", async () => {
    const res = await client.get(`${server.url}/answered-while-busy`);
    expect(res.text).toBe('read in the end');
  });

  it('follows up to 5 redirects and refuses a redirect loop', async () => {
    const ok = await client.get(`${server.url}/chain?n=5`);
    expect(ok.text).toBe('arrived');
    expect(ok.url).toBe(`${server.url}/chain?n=0`);
    expect((await failure(client.get(`${server.url}/chain?n=6`))).message).toBe(
      'Too many redirects (more than 5).',
    );
    expect((await failure(client.get(`${server.url}/loop`))).message).toBe(
      'Too many redirects (more than 5).',
    );
  });

  it('re-applies the guard on every redirect (metadata address, IPv4-mapped IPv6, file:)', async () => {
    const blocked = 'Blocked: the URL points to a private or local network address.';
    expect((await failure(client.get(`${server.url}/to-metadata`))).message).toBe(blocked);
    expect((await failure(client.get(`${server.url}/to-mapped`))).message).toBe(blocked);
    expect((await failure(client.get(`${server.url}/to-file`))).message).toBe(
      'Only http and https URLs can be fetched.',
    );
  });

  it('sends credentials (Authorization, Cookie) to the same origin only, never across a redirect to another', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const other = await serve((req, res) => {
      seen.push(req.headers);
      res.writeHead(200).end('ok');
    });
    try {
      const headers = { authorization: 'Basic c2VjcmV0', cookie: 'CONSENT=YES+1' };
      const to = encodeURIComponent(`${other.url}/token`);
      await client.request(`${server.url}/redirect-to?to=${to}`, {
        method: 'POST',
        body: 'x',
        headers,
      });
      expect(seen.at(-1)?.authorization).toBeUndefined();
      expect(seen.at(-1)?.cookie).toBeUndefined();
      expect(seen.at(-1)?.['user-agent']).toMatch(/^AstroDash\//);
      await client.get(`${other.url}/direct`, { headers });
      expect(seen.at(-1)?.authorization).toBe('Basic c2VjcmV0');
      await client.get(`${server.url}/redirect-to?to=${encodeURIComponent('/feed')}`, { headers });
      expect(requests.at(-1)?.authorization).toBe('Basic c2VjcmV0');
    } finally {
      await other.close();
    }
  });

  it('turns a redirect to an unparseable Location into a readable failure', async () => {
    expect((await failure(client.get(`${server.url}/bad-location`))).message).toBe(
      'The server redirected to an invalid URL.',
    );
  });

  it('turns HTTP errors into readable messages with the status and Retry-After', async () => {
    const forbidden = await client.get(`${server.url}/forbidden`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.text).toBe('no');
    const err = await failure(Promise.resolve().then(() => ensureOk(forbidden)));
    expect(err.message).toBe('Access to the feed was denied (403)');
    expect(err.options).toEqual({ status: 403, retryAfterSeconds: 120 });
    const missing = await client.get(`${server.url}/missing`);
    expect(() => ensureOk(missing)).toThrow('Could not find the feed (404)');
  });
});

describe('guarded HTTP without FETCH_ALLOW_PRIVATE_NETWORK', () => {
  let target: Awaited<ReturnType<typeof serve>>;
  let redirector: Awaited<ReturnType<typeof serve>>;
  let hits = 0;
  beforeAll(async () => {
    target = await serve((_req, res) => {
      hits++;
      res.writeHead(200).end('secret');
    });
    // Stands in for a public site: the test exempts its loopback alias 127.0.0.2 only.
    redirector = await serve((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${target.port}/admin` }).end();
    }, '127.0.0.2');
  });
  afterAll(async () => {
    await target.close();
    await redirector.close();
  });
  const blocked = 'Blocked: the URL points to a private or local network address.';

  it('refuses literal loopback and private IPs, and IPv4-mapped IPv6', async () => {
    const client = createGuardedHttp(configFor({}));
    expect((await failure(client.get(`${target.url}/`))).message).toBe(blocked);
    expect((await failure(client.get(`http://[::ffff:127.0.0.1]:${target.port}/`))).message).toBe(
      blocked,
    );
    expect((await failure(client.get('http://10.0.0.1/'))).message).toBe(blocked);
    expect((await failure(client.get('http://169.254.169.254/latest/meta-data/'))).message).toBe(
      blocked,
    );
    await client.close();
    expect(hits).toBe(0);
  });

  it('refuses a host name that resolves to loopback, at connect time', async () => {
    const client = createGuardedHttp(configFor({}));
    expect((await failure(client.get(`http://localhost:${target.port}/`))).message).toBe(blocked);
    expect((await failure(client.get(`http://${os.hostname()}:${target.port}/`))).message).toBe(
      blocked,
    );
    await client.close();
    expect(hits).toBe(0);
  });

  it('refuses a redirect to 127.0.0.1', async () => {
    const client = createGuardedHttp(configFor({}), { exempt: (a) => a === '127.0.0.2' });
    expect((await failure(client.get(`${redirector.url}/`))).message).toBe(blocked);
    await client.close();
    expect(hits).toBe(0);
  });
});

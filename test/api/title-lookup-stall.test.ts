// The title look-up reads what a user's URL answers: it may not stall the
// thread that serves everyone's requests (the launch schedule's JSON has the
// same test in src/server/ingest/fetchers/launches.test.ts). A hostile document (8 MB of nested JSON, plain or gzipped; 3 MB
// under the size cap but nested a million deep) is fetched while other calls
// run; the event loop's delay is measured with perf_hooks (not wall-clock races
// between requests), and must stay far below what parsing the document on this
// thread costs (seconds: issue 23 measured a 3.9 s stall).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../helpers/fixture-server';
import { createSignedInUser, type TestUser } from '../helpers/factories';
import type { ApiClient } from '../helpers/client';
import { startTestServer, type TestServer } from '../helpers/server';

/** An event-loop delay this thread can show on a loaded machine without any parsing of its own. */
const STALL_BOUND_MS = 400;

/** A JSON Feed opening, then `depth` nested arrays: `{"title":"x","items":[[[[…]]]]}`. */
const nested = (depth: number) =>
  `{"version":"https://jsonfeed.org/version/1.1","title":"Nested","items":${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe.each([
  ['on an ingest worker thread', {}],
  // Without worker threads the size cap and the nesting limit alone keep it short.
  ['inline (INGEST_WORKERS=0)', { INGEST_WORKERS: '0' }],
])('a hostile title look-up, read %s', (_where, env: Record<string, string>) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let alice: { user: TestUser; client: ApiClient };
  const eightMb = nested(4 * 1024 * 1024);

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures
      .route('/nested-8mb.json', { body: eightMb, type: 'application/feed+json' })
      .route('/nested-3mb.json', { body: nested(1_500_000), type: 'application/feed+json' })
      .route('/nested-8mb.json.gz', {
        body: zlib.gzipSync(eightMb),
        type: 'application/feed+json',
        headers: { 'content-encoding': 'gzip' },
      })
      .route('/feed.json', {
        body: '{"version":"https://jsonfeed.org/version/1.1","title":"A \u202eplain feed","items":[]}',
        type: 'application/feed+json',
      });
    server = await startTestServer({ env });
    alice = await createSignedInUser(server, { displayName: 'Alice' });
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  /** The title look-up's answer, and the longest event-loop delay while it and other calls ran. */
  async function lookUpWhileBusy(path: string) {
    // Warm: the worker thread is started and the route compiled before measuring.
    await alice.client.post('/_api/news/sources/extract-title', {
      url: `${fixtures.url}/feed.json`,
    });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const state = { looking: true, others: 0 };
    const lookup = alice.client
      .post('/_api/news/sources/extract-title', { url: `${fixtures.url}${path}` })
      .finally(() => (state.looking = false));
    const concurrent = (async () => {
      do {
        const res = await alice.client.get('/_api/news/sources');
        expect(res.status).toBe(200);
        state.others++;
      } while (state.looking);
    })();
    const [res] = await Promise.all([lookup, concurrent]);
    delay.disable();
    return { res, maxDelayMs: delay.max / 1e6, others: state.others };
  }

  it.each(['/nested-8mb.json', '/nested-8mb.json.gz', '/nested-3mb.json'])(
    '%s gets no title, and other calls go on meanwhile',
    async (path) => {
      const { res, maxDelayMs, others } = await lookUpWhileBusy(path);
      expect(maxDelayMs).toBeLessThan(STALL_BOUND_MS);
      expect(others).toBeGreaterThan(0);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ title: null });
    },
  );

  it('still reads a JSON Feed title (its bidi override dropped)', async () => {
    const res = await alice.client.post('/_api/news/sources/extract-title', {
      url: `${fixtures.url}/feed.json`,
    });
    expect(res.body).toEqual({ title: 'A plain feed' });
  });
});

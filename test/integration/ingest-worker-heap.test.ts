// The ingestion thread's heap is bounded (INGEST_WORKER_HEAP_MB), and large
// documents take turns on a thread (LARGE_BODY_BYTES in ingest-source.ts), so
// a batch of large feeds fits in a heap that would not hold them all at once.
// Without the turns, this very batch ends the thread at its limit and every
// one of these sources fails as interrupted (checked: 2 runs of 2). Waiting
// bodies stay bytes outside the heap: decoded while they waited, the batch
// failed at 56 MB once in two runs; as bytes it fits in 48 MB.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigFeed } from '../../bench/support/ingest-fixtures';
import { refreshSources } from '../../src/server/ingest/pipeline';
import { closeIngestThreads } from '../../src/server/ingest/ingest-threads';
import { FixtureServer } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { createSource } from '../helpers/factories';
import { fetchableSources } from './ingest-helpers';

const FEEDS = 8;
/** About 2 MB each: 8 parsed at once need more than the 64 MB heap below. */
const ITEMS = 3000;

describe('large feeds on an ingest worker with a small heap', () => {
  let server: TestServer;
  let fixtures: FixtureServer;

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    // Each answer waits until all are asked for, so the bodies reach the
    // worker together (as from fast servers), not spaced by the test's pace.
    let asked = 0;
    let allAsked: () => void;
    const together = new Promise<void>((resolve) => (allAsked = resolve));
    for (let i = 0; i < FEEDS; i++) {
      // Half of them gzipped, under LARGE_BODY_BYTES on the wire: their turn
      // goes by the size they decompress to.
      const gzipped = i % 2 === 1;
      const feed = bigFeed(ITEMS, i * ITEMS);
      const body = gzipped ? gzipSync(feed) : feed;
      const headers = {
        'content-type': 'application/rss+xml',
        ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
      };
      fixtures.route(`/large-${i}.rss`, async (_req, res) => {
        if (++asked === FEEDS) allAsked();
        await together;
        res.writeHead(200, headers).end(body);
      });
    }
    server = await startTestServer({
      env: {
        INGEST_WORKERS: '1',
        INGEST_WORKER_HEAP_MB: '64',
        // All of them in flight on the one thread at once.
        FETCH_CONCURRENCY: String(FEEDS),
        FETCH_PER_HOST_CONCURRENCY: String(FEEDS),
      },
    });
  });
  afterAll(async () => {
    await closeIngestThreads();
    await server?.close();
    await fixtures?.close();
  });

  it('reads them all, one at a time', async () => {
    const ids = await Promise.all(
      Array.from({ length: FEEDS }, (_, i) =>
        createSource(server.db, { url: `${fixtures.url}/large-${i}.rss` }),
      ),
    );
    const result = await refreshSources(server.ctx, await fetchableSources(server.db, ids));
    expect(result.sourcesFetched).toBe(FEEDS);
    const rows = await server.db
      .selectFrom('news_sources')
      .select(['last_status', 'last_error'])
      .where('id', 'in', ids)
      .execute();
    expect(rows).toEqual(ids.map(() => ({ last_status: 'ok', last_error: null })));
    // MAX_ITEMS_PER_FETCH (500) of each.
    expect(result.newItemsAdded).toBe(FEEDS * 500);
  });
});

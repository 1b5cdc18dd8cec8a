// Sources are fetched, decompressed, parsed, normalised and stored on an
// ingestion thread: the same stored rows as inline, errors keep their
// user-facing words, the thread's own HTTP client keeps the SSRF guard, and a
// thread stuck in a parser is replaced.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/database';
import { FixtureServer, readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { refreshSources } from '../../src/server/ingest/pipeline';
import {
  closeIngestThreads,
  ingestThreadIds,
  setIngestStallMs,
} from '../../src/server/ingest/ingest-threads';
import { bigFeed } from '../../bench/support/ingest-fixtures';
import { LARGE_BODY_BYTES } from '../../src/server/ingest/ingest-source';
import { createSource } from '../helpers/factories';
import { fetchableSources, sourceRow } from './ingest-helpers';

const NASA = readFixture('rss2-nasa-breaking-news-legacy.xml');
/** About 340 KB of feed: over LARGE_BODY_BYTES, under MAX_ITEMS_PER_FETCH. */
const LARGE_ITEMS = 450;

describe.each(dialects)('ingestion on its own thread (%s)', (dialect) => {
  let threaded: TestServer;
  let inline: TestServer;
  let guarded: TestServer;
  let fixtures: FixtureServer;
  let maxOpen = 0;
  const f = (path: string) => `${fixtures.url}${path}`;

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    const encoded = (encoding: string, body: Buffer) => ({
      body,
      type: 'application/rss+xml',
      headers: { 'content-encoding': encoding },
    });
    fixtures
      .route('/plain.rss', { body: NASA, type: 'application/rss+xml' })
      .route('/gzip.rss', encoded('gzip', zlib.gzipSync(NASA)))
      .route('/br.rss', encoded('br', zlib.brotliCompressSync(NASA)))
      .route('/corrupt.rss', encoded('gzip', Buffer.from('not gzip at all')))
      // About 64 KB on the wire, one byte over FETCH_MAX_BYTES (64 MB) decompressed.
      .route('/bomb.rss', encoded('gzip', zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024 + 1, 32))))
      .route('/atom.xml', { file: 'atom-heise-developer.xml' })
      .route('/missing.rss', { status: 404, body: 'gone' })
      .route('/huge.rss', { body: bigFeed(30_000), type: 'application/rss+xml' });
    // Over LARGE_BODY_BYTES, so parsed one at a time per thread; a page that
    // is large itself and links to a large feed makes one job enter twice.
    for (let i = 0; i < 4; i++)
      fixtures.route(`/large-${i}.rss`, {
        body: bigFeed(LARGE_ITEMS, i * LARGE_ITEMS),
        type: 'application/rss+xml',
      });
    fixtures.route('/large-page.html', {
      body: `<html><head><link rel="alternate" type="application/rss+xml" href="/large-0.rss"></head><body>${'<p>Padding.</p>'.repeat(20_000)}</body></html>`,
      type: 'text/html',
    });
    // Counts requests the server is answering at once.
    let open = 0;
    fixtures.route('/slow.rss', async (_req, res) => {
      open++;
      maxOpen = Math.max(maxOpen, open);
      await new Promise((r) => setTimeout(r, 150));
      open--;
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(NASA);
    });
    threaded = await startTestServer({
      dialect,
      env: {
        INGEST_WORKERS: '2',
        // One host here: lift its limit, so only the thread could hold requests back.
        FETCH_PER_HOST_CONCURRENCY: '8',
        FETCH_MAX_BYTES: String(64 * 1024 * 1024),
      },
    });
    inline = await startTestServer({ dialect, env: { INGEST_WORKERS: '0' } });
    guarded = await startTestServer({
      dialect,
      env: { INGEST_WORKERS: '1', FETCH_ALLOW_PRIVATE_NETWORK: 'false' },
    });
  });
  afterAll(async () => {
    await closeIngestThreads();
    await threaded?.close();
    await inline?.close();
    await guarded?.close();
    await fixtures?.close();
  });

  const refresh = async (server: TestServer, urls: string[]) => {
    const ids = await Promise.all(urls.map((url) => createSource(server.db, { url })));
    const rows = await fetchableSources(server.db, ids);
    const result = await refreshSources(server.ctx, rows);
    return { ids, result };
  };
  const stored = (server: TestServer, sourceId: number) =>
    server.db
      .selectFrom('news_items')
      .select(['dedupe_key', 'title', 'url', 'summary', 'summary_text', 'published_at'])
      .where('source_id', '=', sourceId)
      .orderBy('dedupe_key')
      .execute();

  it('stores exactly what parsing on the main thread stores, for plain, gzip and brotli bodies', async () => {
    const urls = [f('/plain.rss'), f('/gzip.rss'), f('/br.rss'), f('/atom.xml')];
    const a = await refresh(threaded, urls);
    const b = await refresh(inline, urls);
    expect(a.result).toEqual(b.result);
    expect(a.result.sourcesFetched).toBe(4);
    expect(ingestThreadIds().length).toBeGreaterThan(0);
    const reference = await stored(inline, b.ids[0]);
    expect(reference).toHaveLength(10);
    for (let i = 0; i < urls.length; i++)
      expect(await stored(threaded, a.ids[i])).toEqual(await stored(inline, b.ids[i]));
    // Plain, gzip and brotli bodies of one feed give the same rows.
    for (const i of [1, 2]) expect(await stored(threaded, a.ids[i])).toEqual(reference);
  });

  it('records a failure on the thread with the words a user sees', async () => {
    const { ids, result } = await refresh(threaded, [
      f('/corrupt.rss'),
      f('/missing.rss'),
      f('/bomb.rss'),
    ]);
    expect(result).toEqual({ newItemsAdded: 0, sourcesFetched: 3, sourcesFailed: 3 });
    const [corrupt, missing, bomb] = await Promise.all(ids.map((id) => sourceRow(threaded.db, id)));
    expect(corrupt.last_status).toBe('error');
    expect(corrupt.last_error).toBe('The response could not be decompressed (gzip).');
    expect(missing.last_error).toBe('Could not find the feed (404)');
    // Decompressed on the thread before it waits for a turn: stopped at the cap.
    expect(bomb.last_error).toBe('The response is larger than 64 MB.');
  });

  it('keeps the SSRF guard in the thread’s own HTTP client', async () => {
    const { ids } = await refresh(guarded, [f('/plain.rss')]);
    const row = await sourceRow(guarded.db, ids[0]);
    expect(row.last_error).toBe('Blocked: the URL points to a private or local network address.');
    expect(await stored(guarded, ids[0])).toEqual([]);
  });

  it('runs many fetches on one thread at once (a task waiting on the network does not hold its thread)', async () => {
    maxOpen = 0;
    const urls = Array.from({ length: 8 }, (_, i) => f(`/slow.rss?n=${i}`));
    const { result } = await refresh(threaded, urls);
    expect(result.sourcesFetched).toBe(8);
    // One host, so one thread: one fetch at a time would never have more than one request open.
    expect(maxOpen).toBeGreaterThan(2);
  });

  it('reads large feeds in turns, small ones beside them, and a job with two large responses', async () => {
    expect(bigFeed(LARGE_ITEMS).length).toBeGreaterThan(LARGE_BODY_BYTES);
    const db = threaded.db;
    const ids = await Promise.all([
      ...[0, 1, 2, 3].map((i) => createSource(db, { url: f(`/large-${i}.rss`) })),
      createSource(db, { url: f('/large-page.html'), sourceType: 'custom' }),
      createSource(db, { url: f('/plain.rss') }),
    ]);
    const result = await refreshSources(threaded.ctx, await fetchableSources(db, ids));
    expect(result.sourcesFetched).toBe(6);
    const rows = await Promise.all(ids.map((id) => sourceRow(db, id)));
    expect(rows.map((r) => [r.last_status, r.last_error])).toEqual(ids.map(() => ['ok', null]));
    const counts = await Promise.all(ids.map(async (id) => (await stored(threaded, id)).length));
    expect(counts).toEqual([LARGE_ITEMS, LARGE_ITEMS, LARGE_ITEMS, LARGE_ITEMS, LARGE_ITEMS, 10]);
  });

  it('ends a thread stuck in a parser, answers "took too long" and keeps fetching', async () => {
    const threadsBefore = new Set(ingestThreadIds());
    // The 20 MB body arrives at once, but parsing its 30,000 items takes
    // about a second without a turn of the thread's event loop: past 400 ms
    // without a heartbeat, the main thread ends it.
    setIngestStallMs(400);
    try {
      const { ids, result } = await refresh(threaded, [f('/huge.rss')]);
      expect(result).toEqual({ newItemsAdded: 0, sourcesFetched: 1, sourcesFailed: 1 });
      const row = await sourceRow(threaded.db, ids[0]);
      expect(row.last_error).toBe('Reading the source took too long. Will retry later.');
    } finally {
      setIngestStallMs(null);
    }
    expect(ingestThreadIds().filter((id) => threadsBefore.has(id)).length).toBeLessThan(
      threadsBefore.size || 1,
    );
    // A fresh thread takes the next fetch.
    const { result } = await refresh(threaded, [f('/plain.rss')]);
    expect(result).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });
  });
});

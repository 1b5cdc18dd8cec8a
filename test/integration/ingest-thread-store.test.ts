// On a SQLite file, ingestion's writes run on the ingestion thread's own
// connection (ingest-threads.ts), so the thread serving API calls only reads.
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigFeed } from '../../bench/support/ingest-fixtures';
import { createTestDatabase } from '../helpers/database';
import { FixtureServer, readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { openDatabase, type DB } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { refreshSources } from '../../src/server/ingest/pipeline';
import {
  closeIngestThreads,
  ingestThreadIds,
  ingestsOnThreads,
  setIngestThreadIdleMs,
} from '../../src/server/ingest/ingest-threads';
import { createSource } from '../helpers/factories';
import { fetchableSources, itemsOf, sourceRow } from './ingest-helpers';

const NASA = readFixture('rss2-nasa-breaking-news-legacy.xml');

/** Changes when another connection commits to the file, never for this connection's own writes. */
const dataVersion = async (db: DB) =>
  (await sql<{ data_version: number }>`pragma data_version`.execute(db)).rows[0].data_version;

describe('the ingestion thread’s connection (sqlite)', () => {
  let threaded: TestServer;
  let inline: TestServer;
  let fixtures: FixtureServer;

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures
      .route('/plain.rss', { body: NASA, type: 'application/rss+xml' })
      .route('/big.rss', { body: bigFeed(200), type: 'application/rss+xml' });
    threaded = await startTestServer({ env: { INGEST_WORKERS: '1' } });
    inline = await startTestServer({ env: { INGEST_WORKERS: '0' } });
  });
  afterAll(async () => {
    await closeIngestThreads();
    await threaded?.close();
    await inline?.close();
    await fixtures?.close();
  });

  const refresh = async (server: TestServer, db: DB = server.db) => {
    const id = await createSource(db, { url: `${fixtures.url}/plain.rss` });
    return {
      id,
      result: await refreshSources({ ...server.ctx, db }, await fetchableSources(db, [id])),
    };
  };

  it('stores a refresh through another connection than the server’s', async () => {
    const before = await dataVersion(threaded.db);
    const { id, result } = await refresh(threaded);
    expect(result).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });
    expect(await dataVersion(threaded.db)).toBeGreaterThan(before);
    expect(await itemsOf(threaded.db, id)).toHaveLength(10);
    expect((await sourceRow(threaded.db, id)).last_status).toBe('ok');
  });

  it('lets the server read and write in transactions while the ingestion thread writes', async () => {
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createSource(threaded.db, { url: `${fixtures.url}/big.rss?n=${i}` }),
      ),
    );
    const refreshing = refreshSources(threaded.ctx, await fetchableSources(threaded.db, ids));
    // A user's writes meanwhile: each reads, then writes, in one transaction.
    // Begun deferred, one whose snapshot predates a commit of the ingestion thread
    // could not take the write lock and would fail with SQLITE_BUSY.
    const other = await createSource(threaded.db, { name: 'Mine 0', url: 'https://mine.example/' });
    let edits = 0;
    const progress = { done: false };
    void refreshing.finally(() => (progress.done = true));
    while (!progress.done || edits < 20) {
      await threaded.db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('news_sources')
          .select('name')
          .where('id', '=', other)
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('news_sources')
          .set({ name: `Mine ${Number(row.name.split(' ')[1]) + 1}` })
          .where('id', '=', other)
          .execute();
      });
      edits++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await refreshing).toEqual({
      newItemsAdded: 30 * 200,
      sourcesFetched: 30,
      sourcesFailed: 0,
    });
    expect((await sourceRow(threaded.db, other)).name).toBe(`Mine ${edits}`);
  });

  it('keeps the writes on the server’s own connection with INGEST_WORKERS=0', async () => {
    const before = await dataVersion(inline.db);
    const { id, result } = await refresh(inline);
    expect(result).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });
    expect(await dataVersion(inline.db)).toBe(before);
    expect(await itemsOf(inline.db, id)).toHaveLength(10);
  });

  it('runs inline for an in-memory database, which no other connection can open', async () => {
    const memory = openDatabase({ dialect: 'sqlite', file: ':memory:' }).db;
    try {
      expect(ingestsOnThreads(threaded.config, memory)).toBe(false);
      expect(ingestsOnThreads(threaded.config, threaded.db)).toBe(true);
      expect(ingestsOnThreads(inline.config, inline.db)).toBe(false);
    } finally {
      await memory.destroy();
    }
  });

  it('ends when idle, and the next source starts it again', async () => {
    await closeIngestThreads();
    setIngestThreadIdleMs(50);
    try {
      const first = await refresh(threaded);
      expect(first.result).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });
      await expect.poll(() => ingestThreadIds().length).toBe(0);
      const second = await refresh(threaded);
      expect(second.result).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });
      expect(await itemsOf(threaded.db, second.id)).toHaveLength(10);
    } finally {
      setIngestThreadIdleMs(60_000);
    }
  });

  it('finishes the sources it was given before it closes', async () => {
    const ids = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createSource(threaded.db, { url: `${fixtures.url}/big.rss?closing=${i}` }),
      ),
    );
    const refreshing = refreshSources(threaded.ctx, await fetchableSources(threaded.db, ids));
    await expect.poll(() => ingestThreadIds().length).toBeGreaterThan(0);
    await closeIngestThreads();
    expect(await refreshing).toEqual({
      newItemsAdded: 5 * 200,
      sourcesFetched: 5,
      sourcesFailed: 0,
    });
    for (const id of ids) expect(await itemsOf(threaded.db, id)).toHaveLength(200);
  });

  it('writes to a database reopened at the same path, not to the file it replaced', async () => {
    const t = await createTestDatabase('sqlite');
    const file = (t.options as { file: string }).file;
    await migrateToLatest(t.db);
    const first = await refresh(threaded, t.db);
    expect(first.result).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });
    await t.db.destroy();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    // A restore: a new database file where the old one was.
    const { db } = openDatabase({ dialect: 'sqlite', file });
    try {
      await migrateToLatest(db);
      const second = await refresh(threaded, db);
      expect(second.result).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });
      expect(await itemsOf(db, second.id)).toHaveLength(10);
    } finally {
      await db.destroy();
      fs.rmSync(t.dataDir, { recursive: true, force: true });
    }
  });
});

// On a SQLite file, ingestion's writes run on a thread of their own with its
// own connection (store-writer.ts), so the thread serving API calls only reads.
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigFeed } from '../../bench/support/ingest-fixtures';
import { createTestDatabase } from '../helpers/database';
import { FixtureServer, readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { openDatabase, type DB } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { pack } from '../../src/server/ingest/fetch-job';
import { refreshSources } from '../../src/server/ingest/pipeline';
import {
  closeStoreThread,
  prepareStoreThread,
  setStoreThreadIdleMs,
  storeFetchOutput,
  storeThreadRunning,
} from '../../src/server/ingest/store-writer';
import { closeIngestPool } from '../../src/server/ingest/worker-pool';
import { createSource } from '../helpers/factories';
import { fetchableSources, itemsOf, normalizedItem, sourceRow } from './ingest-helpers';

const NASA = readFixture('rss2-nasa-breaking-news-legacy.xml');

const offThread = { offThread: true };
const output = (...keys: string[]) => ({
  summary: {},
  items: keys.map((key) => normalizedItem(key)),
});
const settings = (sourceId: number) => ({
  sourceId,
  now: Date.now(),
  pollIntervalMs: 60_000,
  purgeAgeDays: 0,
  maxItemsPerSource: 5000,
});

/** Changes when another connection commits to the file, never for this connection's own writes. */
const dataVersion = async (db: DB) =>
  (await sql<{ data_version: number }>`pragma data_version`.execute(db)).rows[0].data_version;

describe('the store thread (sqlite)', () => {
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
    await closeIngestPool();
    await closeStoreThread();
    await threaded?.close();
    await inline?.close();
    await fixtures?.close();
  });

  const refresh = async (server: TestServer) => {
    const id = await createSource(server.db, { url: `${fixtures.url}/plain.rss` });
    return {
      id,
      result: await refreshSources(server.ctx, await fetchableSources(server.db, [id])),
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

  it('lets the server read and write in transactions while the store thread writes', async () => {
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createSource(threaded.db, { url: `${fixtures.url}/big.rss?n=${i}` }),
      ),
    );
    const refreshing = refreshSources(threaded.ctx, await fetchableSources(threaded.db, ids));
    // A user's writes meanwhile: each reads, then writes, in one transaction.
    // Begun deferred, one whose snapshot predates a commit of the store thread
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

  it('fails only the write the database refuses, with its reason, and goes on', async () => {
    const id = await createSource(threaded.db, { url: 'https://kept.example/feed' });
    const [refused, kept] = await Promise.allSettled([
      storeFetchOutput(threaded.db, output('a'), settings(987_654), offThread),
      storeFetchOutput(threaded.db, output('b', 'c'), settings(id), offThread),
    ]);
    expect(refused).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/FOREIGN KEY/i) },
    });
    expect(kept).toEqual({ status: 'fulfilled', value: 2 });
    expect(await storeFetchOutput(threaded.db, output('d'), settings(id), offThread)).toBe(1);
  });

  it('moves a worker’s packed output to the store thread instead of copying it', async () => {
    const id = await createSource(threaded.db, { url: 'https://packed.example/feed' });
    const packed = pack(output('p', 'q'));
    expect(packed.packed.byteLength).toBeGreaterThan(0);
    expect(await storeFetchOutput(threaded.db, packed, settings(id), offThread)).toBe(2);
    expect(packed.packed.byteLength).toBe(0); // transferred: nothing left on this thread
    expect((await itemsOf(threaded.db, id)).map((i) => i.title).toSorted()).toEqual([
      'Title p',
      'Title q',
    ]);
  });

  it('starts ahead of a refresh’s first write, for a SQLite file only, and ends unused', async () => {
    await closeStoreThread();
    const memory = openDatabase({ dialect: 'sqlite', file: ':memory:' }).db;
    prepareStoreThread(memory);
    expect(storeThreadRunning()).toBe(false);
    await memory.destroy();
    setStoreThreadIdleMs(50);
    try {
      prepareStoreThread(threaded.db);
      expect(storeThreadRunning()).toBe(true);
      // No write came: it ends all the same.
      await expect.poll(storeThreadRunning).toBe(false);
    } finally {
      setStoreThreadIdleMs(60_000);
    }
  });

  it('ends when idle, and the next write starts it again', async () => {
    const id = await createSource(threaded.db, { url: 'https://idle.example/feed' });
    setStoreThreadIdleMs(50);
    try {
      expect(await storeFetchOutput(threaded.db, output('i'), settings(id), offThread)).toBe(1);
      expect(storeThreadRunning()).toBe(true);
      await expect.poll(storeThreadRunning).toBe(false);
      expect(await storeFetchOutput(threaded.db, output('j'), settings(id), offThread)).toBe(1);
      expect(await itemsOf(threaded.db, id)).toHaveLength(2);
    } finally {
      setStoreThreadIdleMs(60_000);
    }
  });

  it('finishes the writes it was given before it closes', async () => {
    const id = await createSource(threaded.db, { url: 'https://closing.example/feed' });
    const stored = storeFetchOutput(threaded.db, output('x', 'y', 'z'), settings(id), {
      offThread: true,
    });
    await closeStoreThread();
    expect(await stored).toBe(3);
    expect(await itemsOf(threaded.db, id)).toHaveLength(3);
  });

  it('writes to a database reopened at the same path, not to the file it replaced', async () => {
    const t = await createTestDatabase('sqlite');
    const file = (t.options as { file: string }).file;
    const first = await createSource(t.db, { url: 'https://first.example/feed' });
    expect(await storeFetchOutput(t.db, output('a'), settings(first), offThread)).toBe(1);
    await t.db.destroy();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    // A restore: a new database file where the old one was.
    const { db } = openDatabase({ dialect: 'sqlite', file });
    try {
      await migrateToLatest(db);
      const id = await createSource(db, { url: 'https://second.example/feed' });
      expect(await storeFetchOutput(db, output('b', 'c'), settings(id), offThread)).toBe(2);
      expect(await itemsOf(db, id)).toHaveLength(2);
    } finally {
      await db.destroy();
      fs.rmSync(t.dataDir, { recursive: true, force: true });
    }
  });
});

// kill -9 in the middle of a large ingestion, then a restart: the SQLite file
// is intact, every source's items are all there or not there at all (one
// transaction per fetch), the counters and the full-text index match the rows,
// and the next refresh completes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigFeed } from '../../bench/support/ingest-fixtures';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { ApiClient, type ApiResponse } from '../helpers/client';
import { createSources } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { SEARCH_INDEX_DRIFT_SQL } from '../helpers/search-index';
import {
  startServerProcess,
  stopSpawnedProcesses,
  type ServerProcess,
} from '../helpers/server-process';

const FEEDS = 150;
const PER_FEED = 120;
/** Each step's limit: under the test's own (300 s), so a hang fails with the server's log. */
const WAIT_MS = 120_000;

const SERVER_ENV = {
  FETCH_ALLOW_PRIVATE_NETWORK: 'true',
  REFRESH_COOLDOWN_SECONDS: '0',
  INGEST_WORKERS: '1',
  // Each refresh's summary line: shown with the server's log when a step hangs.
  LOG_LEVEL: 'info',
};

interface Check {
  integrity: string;
  perSource: Map<number, number>;
  duplicates: number;
  countersOff: number;
  blank: number;
}

/** Opens the file as the restarted server would (recovering the WAL) and checks it. */
function inspect(file: string): Check {
  const db = new SQLite(file);
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ');
    // Throws when the full-text index is corrupt; then it must hold each item once.
    db.prepare("INSERT INTO news_items_search(news_items_search) VALUES ('integrity-check')").run();
    expect(db.prepare(SEARCH_INDEX_DRIFT_SQL).get()).toEqual({ stray: 0, missing: 0 });
    const perSource = new Map(
      (
        db
          .prepare(
            'SELECT s.id AS id, count(i.id) AS n FROM news_sources s LEFT JOIN news_items i ON i.source_id = s.id GROUP BY s.id',
          )
          .all() as { id: number; n: number }[]
      ).map((r) => [r.id, r.n]),
    );
    const duplicates = (
      db
        .prepare(
          'SELECT count(*) AS n FROM (SELECT source_id, url FROM news_items GROUP BY source_id, url HAVING count(*) > 1)',
        )
        .get() as { n: number }
    ).n;
    const countersOff = (
      db
        .prepare(
          `SELECT count(*) AS n FROM news_sources s
           WHERE (SELECT count(*) FROM news_items i WHERE i.source_id = s.id)
              != (SELECT coalesce(sum(item_count), 0) FROM source_item_counts c WHERE c.source_id = s.id)`,
        )
        .get() as { n: number }
    ).n;
    const blank = (
      db
        .prepare(
          "SELECT count(*) AS n FROM news_items WHERE title = '' OR url = '' OR summary_text IS NULL",
        )
        .get() as { n: number }
    ).n;
    return { integrity, perSource, duplicates, countersOff, blank };
  } finally {
    db.close();
  }
}

describe('kill -9 during a large ingestion (sqlite)', () => {
  /**
   * Runs `work`, failing with the server's log once it takes longer than `ms`:
   * a hang names its step and shows what the server said, where the test's
   * own timeout would say neither.
   */
  const within = async <T>(ms: number, step: string, work: () => Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${step}: no end after ${ms / 1000} s\n${server?.output()}`)),
        ms,
      );
    });
    try {
      return await Promise.race([work(), late]);
    } finally {
      clearTimeout(timer);
    }
  };

  let fixtures: FixtureServer;
  let dataDir: string;
  let file: string;
  let server: ServerProcess | undefined;
  const client = () => new ApiClient(server!.url);

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    const bodies = Array.from({ length: FEEDS }, (_, i) =>
      Buffer.from(bigFeed(PER_FEED, i * PER_FEED, `site${i}.example.org`)),
    );
    for (let i = 0; i < FEEDS; i++)
      fixtures.route(`/feed/${i}`, { body: bodies[i], type: 'application/rss+xml' });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-kill-'));
    file = path.join(dataDir, 'astrodash.db');
    const { db } = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(db);
    await createSources(
      db,
      Array.from({ length: FEEDS }, (_, i) => ({
        name: `Big ${i}`,
        url: `${fixtures.url}/feed/${i}`,
      })),
    );
    await db.destroy();
  });

  afterAll(async () => {
    await stopSpawnedProcesses();
    await fixtures?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves an intact database, all-or-nothing per source, and the next refresh completes', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, ...SERVER_ENV });
    const user = client();
    const registered = await user.post('/_api/auth/register_with_password', {
      email: 'kill@example.org',
      password: 'Correct-Horse-9',
      displayName: 'Kill',
    });
    expect(registered.status).toBe(200);

    // Start a refresh of every source and kill the process once some, not all, are stored.
    const refresh = user.post('/_api/news/fetch', {}).catch(() => null);
    let settled: ApiResponse | null | undefined;
    void refresh.then((r) => (settled = r));
    const watcher = new SQLite(file, { readonly: true });
    const stored = () =>
      (watcher.prepare('SELECT count(*) AS n FROM news_items').get() as { n: number }).n;
    try {
      await within(WAIT_MS, 'waiting for 10 sources to be stored', async () => {
        while (stored() < PER_FEED * 10) {
          if (server!.child.exitCode !== null) throw new Error(server!.output());
          // A refresh that ended before 10 sources were stored would leave this loop waiting forever.
          if (settled !== undefined)
            throw new Error(
              `the refresh ended first: ${JSON.stringify(settled?.body)}\n${server!.output()}`,
            );
          await new Promise((r) => setTimeout(r, 20));
        }
      });
    } finally {
      watcher.close();
    }
    await server.stop('SIGKILL');
    expect(await refresh).toBeNull(); // the request died with the process

    const afterKill = inspect(file);
    expect(afterKill.integrity).toBe('ok');
    expect(afterKill.duplicates).toBe(0);
    expect(afterKill.countersOff).toBe(0);
    expect(afterKill.blank).toBe(0);
    const counts = [...afterKill.perSource.values()];
    expect(counts.filter((n) => n !== 0 && n !== PER_FEED)).toEqual([]);
    const complete = counts.filter((n) => n === PER_FEED).length;
    expect(complete).toBeGreaterThanOrEqual(10);
    expect(complete).toBeLessThan(FEEDS); // killed mid-way, not after the end

    // Restart on the same file: the next refresh fetches the rest and completes.
    server = await startServerProcess({ DATA_DIR: dataDir, ...SERVER_ENV });
    const again = client();
    const login = await again.post('/_api/auth/login_with_password', {
      email: 'kill@example.org',
      password: 'Correct-Horse-9',
    });
    expect(login.status).toBe(200);
    const next = await within(WAIT_MS, 'the second refresh', () =>
      again.post('/_api/news/fetch', {}),
    );
    expect(next.status).toBe(200);
    expect(next.body.sourcesFetched).toBeGreaterThanOrEqual(FEEDS - complete);
    expect(next.body.newItemsAdded).toBe((FEEDS - complete) * PER_FEED);
    await server.stop('SIGTERM');

    const final = inspect(file);
    expect(final.integrity).toBe('ok');
    expect(final.duplicates).toBe(0);
    expect(final.countersOff).toBe(0);
    expect([...final.perSource.values()].every((n) => n === PER_FEED)).toBe(true);
  });
});

// Upgrading a SQLite database with a million items to the search index keyed by
// publish time (migration 0014, src/server/news/search-index.ts): how long the
// migration holds start-up, how long the background copy takes (wall and CPU),
// and what the list call's latency is meanwhile (sequential requests, the
// dashboard's first page and a search, through the real HTTP server in this
// process). Not part of `npm test`.
//
//   npm run bench -- search-upgrade
//   BENCH_ITEMS=1000000            items to seed
//   BENCH_SQLITE_FILE=/path/x.db   a database at migration 0013 to upgrade (copied first, kept as it is);
//                                  created (seeded at 0013) when missing
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { buildApp } from '../src/server/app';
import { SESSION_COOKIE, createSession } from '../src/server/auth/sessions';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { startSearchIndexCopy } from '../src/server/news/search-index';
import { describeSeed, seedSqlite } from './seed-million';
import { loadAverage, percentile } from './support/harness';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const log = (line: string) => console.log(line);

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-upgrade-'));
  const file = path.join(dataDir, 'astrodash.db');
  try {
    const source = process.env.BENCH_SQLITE_FILE;
    if (source && fs.existsSync(source)) {
      log(`copying ${source}…`);
      fs.copyFileSync(source, file);
    } else {
      log(`seeding ${ITEMS.toLocaleString('en-US')} items at migration 0013…`);
      await seedSqlite(file, { items: ITEMS, log, upTo: '0013_reading' });
      if (source) fs.copyFileSync(file, source);
    }
    const { db } = openDatabase({ dialect: 'sqlite', file });
    const seed = await describeSeed(db);
    let t0 = performance.now();
    await migrateToLatest(db);
    log(`migration to the latest schema: ${(performance.now() - t0).toFixed(0)} ms`);

    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEFAULT_SOURCES: 'false',
      JOBS_ENABLED: 'false',
    });
    const { app } = await buildApp({ config, db, dialect: 'sqlite', webDir: '/nonexistent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server did not bind');
    const userId = seed.userIds[1] ?? seed.userIds[0];
    const cookie = `${SESSION_COOKIE}=${(await createSession(db, userId)).token}`;
    const dispatcher = new Agent({ connections: 1 });
    const once = async (query: string) => {
      const started = performance.now();
      const res = await request(`http://127.0.0.1:${address.port}/_api/news/list?${query}`, {
        headers: { cookie, accept: 'application/json' },
        dispatcher,
      });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}`);
      return performance.now() - started;
    };

    log(`load average before the copy: ${loadAverage()}`);
    const cpu0 = process.cpuUsage();
    t0 = performance.now();
    const lines: string[] = [];
    const copy = startSearchIndexCopy({
      db,
      dialect: 'sqlite',
      log: { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) },
    });
    const state = { done: false };
    void copy.finished.then(() => (state.done = true));
    const first: number[] = [];
    const search: number[] = [];
    const words = ['jupiter', 'space', 'telescope', 'quasar'];
    for (let i = 0; !state.done; i++) {
      first.push(await once('page=1&pageSize=20'));
      search.push(await once(`page=1&pageSize=20&searchTerm=${words[i % words.length]}`));
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const row = (name: string, t: number[]) => {
      const sorted = t.toSorted((a, b) => a - b);
      return `${name.padEnd(36)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms  max ${sorted.at(-1)?.toFixed(1).padStart(7)} ms  (${t.length} requests)`;
    };
    log(
      `copy of ${ITEMS.toLocaleString('en-US')} items: ${seconds.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-s (this process: the copy, the server and the client)`,
    );
    log(row('list during the copy: first page', first));
    log(row('list during the copy: search', search));
    for (const line of lines) log(`  server: ${line}`);
    log(`load average after: ${loadAverage()}`);
    await dispatcher.close();
    await app.close();
    await db.destroy();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// The side-by-side bench (issue 31): the same 100,000 items, four requests
// interleaved round after round, so every figure meets the same machine:
// the first page, page 2,000, a common word and a rare term (newest first, 20 a
// page), each as the dashboard's signed-in user. Every round leaves out another
// of the user's sources, so no cache answers: each request is computed.
// Prints p50 / p99 per request and the common-word / first-page ratio
// (target ≤ 2), on SQLite and, with a database URL, PostgreSQL.
//   npm run bench -- side-by-side     BENCH_ITEMS=100000 BENCH_REQUESTS=200 BENCH_DEEP_PAGE=2000
//   BENCH_DATABASE_URL / TEST_DATABASE_URL   also PostgreSQL (a throw-away schema)
// Run any other reader on the same machine with the same items and requests to
// compare; the figures the issue quotes for FreshRSS 1.25 are in bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { request, type Agent } from 'undici';
import { openDatabase, type DB, type Dialect } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { dashboardSources, decode, qs, startListServer } from './news-list';
import { RARE_WORDS, describeSeed, seedPostgres, seedSqlite } from './seed-million';
import { loadAverage, percentile } from './support/harness';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 10;
/** The deep page (20 items a page); lower it with fewer items. */
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 2000);
const log = (line: string) => console.log(line);

async function timed(base: string, cookie: string, query: string, dispatcher: Agent) {
  const t0 = process.hrtime.bigint();
  const res = await request(`${base}/_api/news/list?${query}`, {
    headers: { cookie, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    dispatcher,
  });
  const body = await decode(
    res.headers['content-encoding'],
    Buffer.from(await res.body.arrayBuffer()),
  );
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${query}: ${body}`);
  const parsed = JSON.parse(body) as { items: unknown[] };
  if (parsed.items.length === 0) throw new Error(`no items for ${query}`);
  return ms;
}

async function sideBySide(dialect: Dialect, db: DB, dataDir: string) {
  const seed = await describeSeed(db);
  const server = await startListServer(db, dialect, dataDir, seed);
  const dashboard = dashboardSources(seed, server.userId);
  const base = { sortBy: 'publishedAt', sortOrder: 'desc', pageSize: 20 };
  const requests: Array<[string, (round: number) => Record<string, string | number>]> = [
    ['first page', () => ({ ...base, page: 1 })],
    [`page ${DEEP_PAGE.toLocaleString('en-US')}`, () => ({ ...base, page: DEEP_PAGE })],
    ['common word "space"', () => ({ ...base, page: 1, searchTerm: 'space' })],
    [
      'rare term',
      (round) => ({ ...base, page: 1, searchTerm: RARE_WORDS[round % RARE_WORDS.length] }),
    ],
  ];
  const times = requests.map(() => [] as number[]);
  log(
    `\n${dialect}: ${ITEMS.toLocaleString('en-US')} items, ${ROUNDS} rounds of ${requests.length} interleaved requests (after ${WARMUP}); load average before: ${loadAverage()}`,
  );
  try {
    for (let round = -WARMUP; round < ROUNDS; round++) {
      const k = round + WARMUP;
      const sources = dashboard.filter((_, i) => i !== k % dashboard.length);
      for (const [i, [, params]] of requests.entries()) {
        const ms = await timed(
          server.base,
          server.cookie,
          qs(params(k), sources),
          server.dispatcher,
        );
        if (round >= 0) times[i].push(ms);
      }
    }
  } finally {
    await server.close();
  }
  const stats = times.map((t) => {
    const sorted = t.toSorted((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
  log(`${'request (wall ms)'.padEnd(28)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`);
  for (const [i, [name]] of requests.entries())
    log(
      `${name.padEnd(28)} ${stats[i].p50.toFixed(2).padStart(8)} ${stats[i].p99.toFixed(2).padStart(8)}`,
    );
  const ratio = { p50: stats[2].p50 / stats[0].p50, p99: stats[2].p99 / stats[0].p99 };
  log(
    `common word / first page: p50 ${ratio.p50.toFixed(2)}, p99 ${ratio.p99.toFixed(2)} (target ≤ 2: ${Math.max(ratio.p50, ratio.p99) <= 2 ? 'met' : 'NOT met'}); load average after: ${loadAverage()}`,
  );
}

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-side-'));
  try {
    const file = path.join(dataDir, 'side.db');
    log(`sqlite: seeding ${ITEMS.toLocaleString('en-US')} items…`);
    await seedSqlite(file, { items: ITEMS });
    const { db } = openDatabase({ dialect: 'sqlite', file });
    try {
      await migrateToLatest(db);
      await sideBySide('sqlite', db, dataDir);
    } finally {
      await db.destroy();
    }
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!url) {
      log('\npostgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to run it)');
      return;
    }
    const schema = `side_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`SET search_path = ${schema}`);
    const pgDb = openDatabase({ dialect: 'postgres', url, schema, poolSize: 10 }).db;
    try {
      log(`\npostgres: seeding ${ITEMS.toLocaleString('en-US')} items…`);
      await seedPostgres(pgDb, admin, { items: ITEMS });
      await sideBySide('postgres', pgDb, dataDir);
    } finally {
      await pgDb.destroy();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

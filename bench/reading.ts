// Read and saved state at a million items (issue 25), through the real HTTP server.
//
//   npm run bench -- reading
//   BENCH_ITEMS=1000000            items to seed (default one million), 10 users
//   BENCH_REQUESTS=200             sequential requests per list/count scenario
//   BENCH_SQLITE_FILE=/path/x.db   reuse (or create and keep) a seeded SQLite file
//
// Scenarios marked * carry the issue's targets: the unread-only list p50 ≤ 5 ms and
// p99 ≤ 25 ms, unread counts (for the user's sources, about 100 or more) ≤ 25 ms,
// marking 1,000 items read ≤ 100 ms p95, mark-all-read ≤ 50 ms. Wall-clock times
// on a shared machine also measure the neighbours: the load average is printed.
// SQLite only. Not part of `npm test`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { buildApp } from '../src/server/app';
import { SESSION_COOKIE, createSession } from '../src/server/auth/sessions';
import { loadConfig } from '../src/server/config';
import { openDatabase, type DB } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { isActiveFor } from '../src/server/sources/visibility';
import { describeSeed, seedSqlite, seededItems } from './seed-million';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const USERS = 10;
const log = (line: string) => console.log(line);
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

interface Client {
  call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ ms: number; body: any }>;
}

function client(base: string, cookie: string, dispatcher: Agent): Client {
  return {
    async call(method, url, body) {
      const t0 = process.hrtime.bigint();
      const res = await request(`${base}${url}`, {
        method,
        headers: {
          cookie,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher,
      });
      const text = await res.body.text();
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (res.statusCode !== 200)
        throw new Error(`${method} ${url}: HTTP ${res.statusCode} ${text}`);
      return { ms, body: JSON.parse(text) };
    },
  };
}

function report(name: string, times: number[], target?: { p: number; ms: number }, note = '') {
  const s = [...times].toSorted((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(s, p));
  const verdict = target
    ? percentile(s, target.p) <= target.ms
      ? `  ok (p${target.p} ≤ ${target.ms} ms)`
      : `  MISSED (p${target.p} ≤ ${target.ms} ms)`
    : '';
  log(
    `${((target ? '* ' : '  ') + name).padEnd(58)} ${p50.toFixed(2).padStart(8)} ${p95.toFixed(2).padStart(8)} ${p99.toFixed(2).padStart(8)} ${s[s.length - 1].toFixed(2).padStart(8)}  n=${times.length}${verdict}${note ? `  ${note}` : ''}`,
  );
}

async function repeat(n: number, fn: (i: number) => Promise<number>) {
  const times: number[] = [];
  for (let i = -Math.min(10, n); i < n; i++) {
    const ms = await fn(i);
    if (i >= 0) times.push(ms);
  }
  return times;
}

async function visibleItemIds(db: DB, userId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('news_items')
    .innerJoin('news_sources', 'news_sources.id', 'news_items.source_id')
    .where((eb) => isActiveFor(userId)(eb as never))
    .orderBy('news_items.id')
    .limit(limit)
    .select('news_items.id')
    .execute();
  return rows.map((r) => r.id);
}

async function benchUser(db: DB, c: Client, userId: number, label: string) {
  const sources = await db
    .selectFrom('news_sources')
    .where(isActiveFor(userId))
    .select('id')
    .execute();
  const dashboard = sources.map((s) => `sourceIds[]=${s.id}`).join('&');
  const unreadList = `/_api/news/list?status=unread&pageSize=20&${dashboard}`;
  log(`\n${label}: user ${userId}, ${sources.length} sources in the feed; load ${loadavg()}`);
  log(
    `${'scenario (wall ms)'.padEnd(58)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)}`,
  );

  let first = await c.call('GET', unreadList);
  report(
    'unread-only list, nothing read yet, page 1',
    await repeat(REQUESTS, async () => (await c.call('GET', unreadList)).ms),
    { p: 99, ms: 25 },
    `totalItems ${first.body.pagination.totalItems}`,
  );
  report(
    `unread counts (${sources.length} sources), nothing read`,
    await repeat(REQUESTS, async () => (await c.call('GET', '/_api/news/unread-counts')).ms),
    { p: 99, ms: 25 },
  );

  const ids = await visibleItemIds(db, userId, 60_000);
  report(
    'mark 1,000 items read (a new 1,000 each time)',
    await repeat(50, async (i) => {
      const start = ((i + 10) * 1000) % Math.max(1000, ids.length - 1000);
      return (
        await c.call('POST', '/_api/news/mark-read', {
          itemIds: ids.slice(start, start + 1000),
          read: true,
        })
      ).ms;
    }),
    { p: 95, ms: 100 },
  );
  report(
    'unread-only list, 60,000 read one by one, page 1',
    await repeat(REQUESTS, async () => (await c.call('GET', unreadList)).ms),
    { p: 99, ms: 25 },
  );
  report(
    `unread counts (${sources.length} sources), 60,000 exceptions`,
    await repeat(REQUESTS, async () => (await c.call('GET', '/_api/news/unread-counts')).ms),
    { p: 99, ms: 25 },
  );

  // Mark-all-read, each time after 100 items were marked unread again.
  const recent = first.body.items.map((i: { id: string }) => i.id) as string[];
  report(
    'mark all read (everything), after 100 marked unread',
    await repeat(20, async (i) => {
      const at = (20_000 + i * 100) % Math.max(100, ids.length - 100);
      const again = ids.slice(at, at + 100);
      await c.call('POST', '/_api/news/mark-read', { itemIds: again, read: false });
      return (await c.call('POST', '/_api/news/mark-all-read', {})).ms;
    }),
    { p: 95, ms: 50 },
  );
  report(
    'mark all read older than an item (page 1, 10th item)',
    await repeat(
      20,
      async () => (await c.call('POST', '/_api/news/mark-all-read', { before: recent[9] })).ms,
    ),
    { p: 95, ms: 50 },
  );
  report(
    'mark one source read',
    await repeat(20, async (i) => {
      const sourceId = sources[(i + sources.length) % sources.length].id;
      return (await c.call('POST', '/_api/news/mark-all-read', { sourceId })).ms;
    }),
    { p: 95, ms: 50 },
  );
  // Everything read but 50 items: the unread list must find them among a million.
  await c.call('POST', '/_api/news/mark-all-read', {});
  await c.call('POST', '/_api/news/mark-read', { itemIds: ids.slice(0, 50), read: false });
  first = await c.call('GET', unreadList);
  report(
    'unread-only list, all read but 50 old items, page 1',
    await repeat(Math.min(REQUESTS, 50), async () => (await c.call('GET', unreadList)).ms),
    { p: 99, ms: 25 },
    `totalItems ${first.body.pagination.totalItems}`,
  );
  report(
    `unread counts (${sources.length} sources), all read but 50`,
    await repeat(REQUESTS, async () => (await c.call('GET', '/_api/news/unread-counts')).ms),
    { p: 99, ms: 25 },
  );
  const saved = ids.slice(100, 150);
  for (const id of saved) await c.call('POST', '/_api/news/save', { itemId: id, saved: true });
  const savedList = `/_api/news/list?saved=true&pageSize=20&${dashboard}`;
  report(
    'saved list (50 saved), page 1',
    await repeat(Math.min(REQUESTS, 50), async () => (await c.call('GET', savedList)).ms),
  );
}

export async function run() {
  const keep = process.env.BENCH_SQLITE_FILE;
  const dataDir = keep
    ? path.dirname(path.resolve(keep))
    : fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-'));
  const file = keep ? path.resolve(keep) : path.join(dataDir, 'reading.db');
  if (!(keep && fs.existsSync(file))) {
    log(`sqlite: seeding ${ITEMS.toLocaleString('en-US')} items, ${USERS} users into ${file}…`);
    const { seconds } = await seedSqlite(file, { items: ITEMS, users: USERS, log });
    log(`sqlite: seeded in ${seconds.toFixed(1)} s`);
  }
  const { db } = openDatabase({ dialect: 'sqlite', file });
  try {
    await migrateToLatest(db);
    const seed = await describeSeed(db);
    log(
      `sqlite: ${(await seededItems(db)).toLocaleString('en-US')} items, ${seed.sources.length} sources, ${seed.userIds.length} users; load ${loadavg()} on ${os.cpus().length} cores`,
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEFAULT_SOURCES: 'false',
      JOBS_ENABLED: 'false',
    });
    const { app } = await buildApp({
      config,
      db,
      dialect: 'sqlite',
      webDir: '/nonexistent',
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server did not bind');
    const dispatcher = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
    try {
      // Two users: state is per user, the second starts from nothing again.
      for (const userId of seed.userIds.slice(0, 2)) {
        // A fresh start when a kept file is reused.
        await db.deleteFrom('reading_items').where('user_id', '=', userId).execute();
        await db.deleteFrom('reading_marks').where('user_id', '=', userId).execute();
        const { token } = await createSession(db, userId);
        const c = client(
          `http://127.0.0.1:${address.port}`,
          `${SESSION_COOKIE}=${token}`,
          dispatcher,
        );
        await benchUser(
          db,
          c,
          userId,
          `sqlite, user ${seed.userIds.indexOf(userId) + 1} of ${seed.userIds.length}`,
        );
      }
    } finally {
      await dispatcher.close();
      await app.close();
    }
    log(`\nload average after: ${loadavg()}`);
  } finally {
    await db.destroy();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

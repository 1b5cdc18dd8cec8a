// Story clustering (issue 29): the three figures.
//
//   npm run bench -- stories
//   BENCH_PART=assign|assign-pg|recluster|list   one part only (assign-pg: PostgreSQL's alone)
//   BENCH_ITEMS=1000000                items for the grouped list (default one million)
//   BENCH_SQLITE_FILE=/path/x.db       reuse (or create and keep) the list's seeded SQLite file
//   BENCH_DATABASE_URL / TEST_DATABASE_URL   also run the assign part on PostgreSQL
//
// 1. assign: one new item against a 36-hour window of 5,000 items, through the
//    after-store step in the store's transaction (target p95 ≤ 20 ms). The window
//    is real SNAPI texts (test/fixtures/stories/), each copy with a share of its
//    summary's words dropped so that copies are alike, not identical, stored and
//    clustered item by item as ingestion would.
// 2. recluster: 10,000 items over ten days from stored text (target ≤ 30 s).
// 3. list: GET /_api/news/list grouped at a million items, with a fifth of them in
//    stories of two to four sources, through the real HTTP server (target p50 ≤ 5 ms,
//    p99 ≤ 25 ms).
// Every part prints wall-clock and CPU figures and the load average: on a shared
// machine read the CPU time. Not part of `npm test`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';
import { buildApp } from '../src/server/app';
import { SESSION_COOKIE, createSession } from '../src/server/auth/sessions';
import { loadConfig, type Config } from '../src/server/config';
import { openDatabase, type DB } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import type { NormalizedItem } from '../src/server/ingest/parse/normalize';
import { storeItems } from '../src/server/ingest/store/store';
import type { LabelledArticle } from '../src/server/stories/measure';
import { recluster } from '../src/server/stories/recluster';
import { clusterStored, type StoryStepDeps } from '../src/server/stories/step';
import { launchLinksOf, topicsForClustering } from '../src/server/stories/entities';
import { loadAverage, percentile } from './support/harness';
import { RARE_WORDS, describeSeed, seedSqlite, seededItems } from './seed-million';

const HOUR = 3_600_000;
const PART = process.env.BENCH_PART;
const log = (line: string) => console.log(line);
const deps: StoryStepDeps = { findTopics: topicsForClustering, launchLinks: launchLinksOf };

const articles = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../test/fixtures/stories/articles.json'),
    'utf8',
  ),
) as LabelledArticle[];

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The n-th item of a stream of real texts: article n mod 372, its summary thinned at random. */
function textOf(n: number, rand: () => number) {
  const a = articles[n % articles.length];
  const summary = a.summary
    .split(' ')
    .filter(() => rand() > 0.3)
    .join(' ');
  return { title: a.title, summary, url: `${a.url}?copy=${n}` };
}

function normalized(n: number, at: number, rand: () => number): NormalizedItem {
  const t = textOf(n, rand);
  return {
    dedupeKey: `bench-${n}`,
    url: t.url,
    title: t.title,
    summary: t.summary,
    summaryText: t.summary,
    content: null,
    contentText: null,
    imageUrl: null,
    author: null,
    publishedAt: at,
    itemType: 'article',
    isBreaking: 0,
    engagementScore: 0,
    extra: null,
    mutable: false,
    dated: true,
  };
}

async function sources(db: DB, n: number): Promise<number[]> {
  const now = Date.now();
  const rows = await db
    .insertInto('news_sources')
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Bench source ${i}`,
        url: `https://bench-${i}.example.test/feed`,
        url_key: `bench-${i}`,
        source_type: 'rss' as const,
        user_id: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

const ms = (ns: bigint) => Number(ns) / 1e6;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

// ---------- 1. one new item against a 36-hour window of 5,000 ----------

async function benchAssign(label: string, db: DB, config: Config) {
  const WINDOW = 5_000;
  const SAMPLES = 200;
  const rand = prng(7);
  const ids = await sources(db, 60);
  const now = Date.now();
  const start = now - 36 * HOUR;
  const step = (36 * HOUR) / WINDOW;
  const context = (sourceId: number) => ({
    config,
    now,
    sourceId,
    sourceType: 'rss' as const,
  });
  log(`\n${label}: storing and clustering a window of ${WINDOW} items over 36 hours…`);
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let n = 0; n < WINDOW; n++) {
    const sourceId = ids[n % ids.length];
    await db.transaction().execute(async (tx) => {
      const { stored } = await storeItems(
        tx,
        sourceId,
        [normalized(n, start + n * step, rand)],
        now,
      );
      await clusterStored(tx, stored, context(sourceId), deps);
    });
  }
  const seeded = ms(process.hrtime.bigint() - t0);
  log(
    `${label}: window stored and clustered in ${(seeded / 1000).toFixed(1)} s (${cpuMs(process.cpuUsage(c0)).toFixed(0)} ms CPU)`,
  );
  const members = await db
    .selectFrom('story_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  log(`${label}: ${members.n} of the ${WINDOW} items are in stories`);

  const wall: number[] = [];
  const cpu: number[] = [];
  log(`${label}: load average before: ${loadAverage()}`);
  for (let i = 0; i < SAMPLES; i++) {
    const n = WINDOW + i;
    const sourceId = ids[n % ids.length];
    // New items land in the window's last hours, where it is densest.
    const at = Math.floor(now - rand() * 6 * HOUR);
    await db.transaction().execute(async (tx) => {
      const { stored } = await storeItems(tx, sourceId, [normalized(n, at, rand)], now);
      const c = process.cpuUsage();
      const t = process.hrtime.bigint();
      await clusterStored(tx, stored, context(sourceId), deps);
      wall.push(ms(process.hrtime.bigint() - t));
      cpu.push(cpuMs(process.cpuUsage(c)));
    });
  }
  const w = wall.toSorted((a, b) => a - b);
  const c = cpu.toSorted((a, b) => a - b);
  log(
    `${label}: one new item against the window (${SAMPLES} items): wall p50 ${percentile(w, 50).toFixed(2)} ms, p95 ${percentile(w, 95).toFixed(2)} ms, max ${w.at(-1)!.toFixed(2)} ms; CPU p50 ${percentile(c, 50).toFixed(2)} ms, p95 ${percentile(c, 95).toFixed(2)} ms (target p95 ≤ 20 ms: ${percentile(w, 95) <= 20 ? 'met' : 'NOT met'})`,
  );
  log(`${label}: load average after: ${loadAverage()}`);
}

// ---------- 2. re-clustering 10,000 items ----------

async function benchRecluster(db: DB, config: Config) {
  const ITEMS = 10_000;
  const rand = prng(11);
  const ids = await sources(db, 60);
  const now = Date.now();
  const span = 10 * 24 * HOUR;
  const rows = Array.from({ length: ITEMS }, (_, n) => {
    const t = textOf(n, rand);
    const at = now - span + Math.floor((n / ITEMS) * span);
    return {
      source_id: ids[n % ids.length],
      dedupe_key: `re-${n}`,
      url: t.url,
      title: t.title,
      summary: t.summary,
      summary_text: t.summary,
      published_at: at,
      fetched_at: at,
      updated_at: at,
      item_type: 'article',
      is_breaking: 0 as const,
      engagement_score: 0,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('news_items')
      .values(rows.slice(i, i + 500))
      .execute();
  log(`\nrecluster: ${ITEMS} items over ten days stored; load average before: ${loadAverage()}`);
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const result = await recluster(db, config, { from: now - span - HOUR, to: now });
  const wall = ms(process.hrtime.bigint() - t0) / 1000;
  log(
    `recluster: ${result.items} items in ${wall.toFixed(1)} s wall, ${(cpuMs(process.cpuUsage(c0)) / 1000).toFixed(1)} s CPU: ${result.stories} stories of more than one item, ${result.changed} rows written (target ≤ 30 s: ${wall <= 30 ? 'met' : 'NOT met'})`,
  );
  log(`recluster: load average after: ${loadAverage()}`);
}

// ---------- 3. the grouped list at a million items ----------

/** Puts about a fifth of the items in stories of two to four items from different sources, an hour apart at most. */
async function seedStories(db: DB) {
  await db.deleteFrom('story_members').execute();
  const rand = prng(3);
  const items = await db
    .selectFrom('news_items')
    .select(['id', 'source_id', 'published_at'])
    .orderBy('published_at')
    .orderBy('id')
    .execute();
  const rows: Array<{
    item_id: number;
    story_id: number;
    source_id: number;
    published_at: number;
    story_rank: number;
    story_top: 0 | 1;
  }> = [];
  let i = 0;
  while (i < items.length) {
    if (rand() > 0.08) {
      i++;
      continue;
    }
    const size = 2 + Math.floor(rand() * 3);
    const group = [items[i]];
    for (let j = i + 1; j < items.length && group.length < size; j++) {
      if (items[j].published_at - items[i].published_at > HOUR) break;
      if (!group.some((g) => g.source_id === items[j].source_id)) group.push(items[j]);
    }
    if (group.length > 1) {
      const ranks = group.map(() => 30_000_000 + Math.floor(rand() * 5_000));
      const best = ranks.indexOf(Math.max(...ranks));
      const storyId = Math.min(...group.map((g) => g.id));
      group.forEach((g, k) =>
        rows.push({
          item_id: g.id,
          story_id: storyId,
          source_id: g.source_id,
          published_at: g.published_at,
          story_rank: ranks[k],
          story_top: k === best ? 1 : 0,
        }),
      );
    }
    i += group.length;
  }
  // Items may sit in a group twice when groups overlap: the first one wins.
  const seen = new Set<number>();
  const unique = rows.filter((r) => !seen.has(r.item_id) && seen.add(r.item_id));
  for (let k = 0; k < unique.length; k += 2_000)
    await db.transaction().execute((tx) =>
      tx
        .insertInto('story_members')
        .values(unique.slice(k, k + 2_000))
        .execute(),
    );
  return unique.length;
}

async function benchList() {
  const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
  const REQUESTS = 200;
  const keep = process.env.BENCH_SQLITE_FILE;
  const dataDir = keep
    ? path.dirname(path.resolve(keep))
    : fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-stories-'));
  const file = keep ? path.resolve(keep) : path.join(dataDir, 'bench.db');
  if (!(keep && fs.existsSync(file))) {
    log(`\nlist: seeding ${ITEMS.toLocaleString('en-US')} items into ${file}…`);
    await seedSqlite(file, { items: ITEMS, log });
  }
  const { db } = openDatabase({ dialect: 'sqlite', file });
  try {
    await migrateToLatest(db);
    if ((await seededItems(db)) !== ITEMS) throw new Error(`${file} does not hold ${ITEMS} items`);
    const grouped = await seedStories(db);
    log(`list: ${grouped.toLocaleString('en-US')} items put in stories`);
    const seed = await describeSeed(db);
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
    const base = `http://127.0.0.1:${address.port}`;
    const userId = seed.sources.find((s) => s.userId !== null)?.userId ?? seed.userIds[0];
    const { token } = await createSession(db, userId);
    const cookie = `${SESSION_COOKIE}=${token}`;
    const off = seed.switchedOff.get(userId) ?? new Set<number>();
    const dashboard = seed.sources
      .filter((s) => (s.userId === null || s.userId === userId) && !off.has(s.id))
      .filter((s) => !['reddit', 'bluesky', 'rocket_launch'].includes(s.sourceType))
      .map((s) => `sourceIds[]=${s.id}`)
      .join('&');
    // The server keeps whole answers while SQLite has not changed (news/list-cache.ts):
    // a write before each request (as ingestion makes all day) has every answer computed.
    // Grouped and group=false side by side show what grouping costs.
    const scenarios: Array<{
      name: string;
      query: (i: number) => string;
      cursor?: boolean;
      target?: boolean;
    }> = [
      {
        name: 'grouped, dashboard page 1',
        query: (i) => `pageSize=${10 + (i % 20)}&page=1&${dashboard}`,
        target: true,
      },
      {
        name: 'group=false, dashboard page 1',
        query: (i) => `pageSize=${10 + (i % 20)}&page=1&group=false&${dashboard}`,
      },
      {
        name: 'grouped, page 50 by offset (about 1,000 skipped)',
        query: (i) => `pageSize=${10 + (i % 20)}&page=50&${dashboard}`,
      },
      {
        name: 'group=false, page 50 by offset',
        query: (i) => `pageSize=${10 + (i % 20)}&page=50&group=false&${dashboard}`,
      },
      {
        name: 'grouped, infinite scroll by cursor',
        query: () => `pageSize=10&${dashboard}`,
        cursor: true,
        target: true,
      },
      {
        name: 'group=false, infinite scroll by cursor',
        query: () => `pageSize=10&group=false&${dashboard}`,
        cursor: true,
      },
      {
        name: 'grouped, unread, page 1',
        query: (i) => `pageSize=${10 + (i % 20)}&status=unread&${dashboard}`,
      },
      {
        name: 'grouped, search, a new word each time',
        query: (i) =>
          `pageSize=10&searchTerm=${RARE_WORDS[i % RARE_WORDS.length]}&page=${1 + Math.floor(i / RARE_WORDS.length)}&${dashboard}`,
      },
      { name: 'view=hot', query: () => `pageSize=10&view=hot&${dashboard}` },
    ];
    const dispatcher = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
    log(`list: load average before: ${loadAverage()}`);
    for (const s of scenarios) {
      const wall: number[] = [];
      const cpu: number[] = [];
      let cursor: string | null = null;
      let page = 1;
      for (let i = -20; i < REQUESTS; i++) {
        const query = s.cursor
          ? `${s.query(i)}&page=${page}${cursor ? `&cursor=${cursor}` : ''}`
          : s.query(i + 20);
        await db
          .updateTable('story_state')
          .set({ token: `bench-${i}` })
          .execute();
        const c = process.cpuUsage();
        const t = process.hrtime.bigint();
        const res = await request(`${base}/_api/news/list?${query}`, {
          headers: { cookie, accept: 'application/json' },
          dispatcher,
        });
        const body = (await res.body.json()) as { pagination: { nextCursor: string | null } };
        if (res.statusCode !== 200) throw new Error(`${s.name}: HTTP ${res.statusCode}`);
        if (i >= 0) {
          wall.push(ms(process.hrtime.bigint() - t));
          cpu.push(cpuMs(process.cpuUsage(c)));
        }
        if (s.cursor) {
          cursor = body.pagination.nextCursor;
          page = cursor ? page + 1 : 1;
        }
      }
      const w = wall.toSorted((a, b) => a - b);
      const c = cpu.toSorted((a, b) => a - b);
      const ok = percentile(w, 50) <= 5 && percentile(w, 99) <= 25;
      log(
        ((s.target ? '* ' : '  ') + s.name).padEnd(44) +
          ` wall p50 ${percentile(w, 50).toFixed(2).padStart(6)} ms  p99 ${percentile(w, 99).toFixed(2).padStart(6)} ms` +
          `   CPU p50 ${percentile(c, 50).toFixed(2).padStart(6)} ms  p99 ${percentile(c, 99).toFixed(2).padStart(6)} ms` +
          (s.target ? (ok ? '  ok' : '  MISSED') : ''),
      );
    }
    log(`list: load average after: ${loadAverage()}`);
    await dispatcher.close();
    await app.close();
  } finally {
    await db.destroy();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withDatabase(
  dialect: 'sqlite' | 'postgres',
  work: (db: DB, config: Config) => Promise<void>,
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-stories-'));
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  let db: DB;
  if (dialect === 'sqlite') db = openDatabase({ dialect, file: path.join(dataDir, 'b.db') }).db;
  else {
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    db = openDatabase({ dialect, url: url!, schema }).db;
  }
  try {
    await migrateToLatest(db);
    await work(db, loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const pg = await import('pg');
      const admin = new pg.default.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }
}

export async function run(): Promise<void> {
  if (!PART || PART === 'assign')
    await withDatabase('sqlite', (db, config) => benchAssign('assign (sqlite)', db, config));
  if (
    (!PART || PART === 'assign' || PART === 'assign-pg') &&
    (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)
  )
    await withDatabase('postgres', (db, config) => benchAssign('assign (postgres)', db, config));
  if (!PART || PART === 'recluster') await withDatabase('sqlite', benchRecluster);
  if (!PART || PART === 'list') await benchList();
}

// Launches (issue 27): linking a batch of new stories to launches at ingestion,
// and the launch page's call.
//
//   npm run bench -- launches
//   BENCH_REQUESTS=500   sequential GET /_api/launches requests
//
// 1. The link step (launches/link-step.ts) as ingestion runs it: 1,000 new
//    stories (real Spaceflight News API headlines and summaries) stored in one
//    transaction against the next 100 launches (real Launch Library 2 records,
//    NETs spread over the next two weeks), on SQLite. Target: ≤ 1 s.
// 2. GET /_api/launches through the real HTTP server: 100 upcoming launches and
//    the last week's, each with its history and stories. Target: p99 ≤ 25 ms.
// Wall-clock times on a shared machine also measure the neighbours: CPU seconds
// and the load average are printed beside them. Not part of `npm test`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { buildApp } from '../src/server/app';
import { SESSION_COOKIE, createSession } from '../src/server/auth/sessions';
import { insertUser } from '../src/server/auth/users';
import { loadConfig } from '../src/server/config';
import { openDatabase, type DB } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { runAfterStore } from '../src/server/ingest/after-store';
import type { NormalizedItem } from '../src/server/ingest/parse/normalize';
import { storeItems } from '../src/server/ingest/store/store';
import { launchLinkStep } from '../src/server/launches/link-step';
import { toLaunchRecord, type LaunchRecord } from '../src/server/launches/records';
import { storeLaunches } from '../src/server/launches/repository';
import { spaceArticles, spaceLaunches } from '../test/helpers/space-data';
import { loadAverage, percentile } from './support/harness';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const log = (line: string) => console.log(line);

const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return ((u.user + u.system) / 1e6).toFixed(2);
};

/** 100 real launches ahead (NETs every ~3.4 h over two weeks) and 40 of the last week. */
function launches(now: number): LaunchRecord[] {
  const real = spaceLaunches()
    .map((l) => toLaunchRecord(l.record))
    .filter((r): r is LaunchRecord => r !== null);
  const iso = (t: number) => new Date(t).toISOString();
  return Array.from({ length: 140 }, (_, i) => {
    const r = real[i % real.length];
    const net = i < 100 ? now + HOUR + i * 3.4 * HOUR : now - (i - 99) * 4 * HOUR;
    return {
      ...r,
      id: `30000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      net: iso(net),
      windowStart: iso(net),
      windowEnd: iso(net + HOUR),
      lastUpdated: iso(now - DAY),
      ...(i >= 100 ? { statusId: 3, status: 'Launch Successful' } : {}),
    };
  });
}

/** 1,000 real SNAPI stories, published over the last day, as ingestion stores them. */
function stories(now: number): NormalizedItem[] {
  const articles = spaceArticles();
  return Array.from({ length: 1000 }, (_, i) => {
    const a = articles[i % articles.length];
    return {
      dedupeKey: `bench-${i}`,
      url: `https://news.example.test/${i}`,
      title: a.title,
      summary: `<p>${a.summary}</p>`,
      summaryText: a.summary,
      content: null,
      contentText: null,
      imageUrl: null,
      author: null,
      publishedAt: now - (i % 24) * HOUR,
      itemType: 'article',
      isBreaking: 0,
      engagementScore: 0,
      extra: null,
      mutable: false,
      dated: true,
    };
  });
}

async function database() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-launches-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEFAULT_SOURCES: 'false',
    JOBS_ENABLED: 'false',
    PURGE_AGE_DAYS: '0',
  });
  const { db, dialect } = openDatabase(config.database);
  await migrateToLatest(db);
  return { db, dialect, config, dataDir };
}

async function source(db: DB, name: string, userId: number | null = null) {
  const now = Date.now();
  const url = `https://${name}.example.test/feed`;
  const { id } = await db
    .insertInto('news_sources')
    .values({
      name,
      url,
      url_key: url,
      source_type: 'rss',
      user_id: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function linking(db: DB, config: ReturnType<typeof loadConfig>, now: number, batch: string) {
  const sourceId = await source(db, `bench-news-${batch}`);
  const items = stories(now).map((i) => ({ ...i, dedupeKey: `${batch}-${i.dedupeKey}` }));
  let stepMs = 0;
  let stepCpu = '';
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await db.transaction().execute(async (tx) => {
    const { stored } = await storeItems(tx, sourceId, items, now);
    const s0 = performance.now();
    const c0 = process.cpuUsage();
    await runAfterStore([launchLinkStep], tx, stored, {
      config,
      now,
      sourceId,
      sourceType: 'rss',
    });
    stepMs = performance.now() - s0;
    stepCpu = cpuSeconds(c0);
  });
  const total = performance.now() - t0;
  const links = await db
    .selectFrom('launch_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  log(
    `link step (${batch}): 1,000 new stories against the next 100 launches: ${stepMs.toFixed(0)} ms, ${stepCpu} CPU s ` +
      `(store and link in one transaction ${total.toFixed(0)} ms, ${cpuSeconds(cpu)} CPU s), ` +
      `${links.n} links in all; target ≤ 1 s`,
  );
}

async function pageCall(
  db: DB,
  config: ReturnType<typeof loadConfig>,
  dialect: 'sqlite' | 'postgres',
) {
  const user = await insertUser(db, {
    email: 'bench@example.test',
    displayName: 'Bench',
    passwordHash: 'x',
    role: 'user',
    zipCode: null,
  });
  const { token } = await createSession(db, user!.id);
  const { app } = await buildApp({ config, db, dialect, logger: false, webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;
  const dispatcher = new Agent({ connections: 1 });
  const call = async (url = '/_api/launches') => {
    const t0 = process.hrtime.bigint();
    const res = await request(`${base}${url}`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
      dispatcher,
    });
    const body = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${body}`);
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, bytes: body.length, body };
  };
  for (let i = 0; i < 20; i++) await call(); // warm up
  const times: number[] = [];
  const cpu = process.cpuUsage();
  let last = { bytes: 0, body: '' };
  for (let i = 0; i < REQUESTS; i++) {
    const r = await call();
    times.push(r.ms);
    last = r;
  }
  times.sort((a, b) => a - b);
  const parsed = JSON.parse(last.body) as { launches: Array<{ stories: unknown[] }> };
  log(
    `GET /_api/launches (${parsed.launches.length} launches, ${parsed.launches.filter((l) => l.stories.length).length} with stories, ${(last.bytes / 1024).toFixed(0)} KB): ` +
      `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
      `p99 ${percentile(times, 99).toFixed(1)} ms over ${REQUESTS} requests ` +
      `(${cpuSeconds(cpu)} CPU s, client and server in this process); target p99 ≤ 25 ms`,
  );
  // For scale: a small call through the same server (session, guards, headers).
  const small: number[] = [];
  const smallCpu = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) small.push((await call('/_api/news/launch-status')).ms);
  small.sort((a, b) => a - b);
  log(
    `for scale, GET /_api/news/launch-status: p50 ${percentile(small, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(small, 99).toFixed(1)} ms (${cpuSeconds(smallCpu)} CPU s)`,
  );
  await dispatcher.close();
  await app.close();
}

export async function run(): Promise<void> {
  log(`load average ${loadAverage()}`);
  const { db, dialect, config, dataDir } = await database();
  try {
    const now = Date.now();
    const records = launches(now);
    // Each launch seen three times: two slips of an hour, so every one has history.
    await storeLaunches(db, records, now - 2 * DAY, false);
    for (const [k, shift] of [
      [1, HOUR],
      [2, 2 * HOUR],
    ] as const)
      await storeLaunches(
        db,
        records.map((r) => ({
          ...r,
          net: new Date(Date.parse(r.net!) + shift).toISOString(),
          lastUpdated: new Date(now - DAY + k * HOUR).toISOString(),
        })),
        now - DAY + k * HOUR,
        false,
      );
    // The first batch after a poll builds the shared matcher; the next ones reuse it.
    await linking(db, config, now, 'first batch');
    await linking(db, config, now, 'next batch');
    await pageCall(db, config, dialect);
    log(`load average ${loadAverage()}`);
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

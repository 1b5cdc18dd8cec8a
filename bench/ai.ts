// The AI engine without a model (the default), measured:
//   1. a local summary of a 5,000-word article: p95 ≤ 50 ms (in process);
//   2. the first chunk of a chat answer over a million stored items: ≤ 100 ms
//      (through the real HTTP server: POST /_api/ai/chat, time to the first body bytes);
//   3. GET /_api/news/list p99 alone, then while 10 summaries run at once
//      (each on a fresh 5,000-word item, so none is served from the store).
//
//   npm run bench -- ai
//   BENCH_ITEMS=1000000            items to seed (default one million)
//   BENCH_SQLITE_FILE=/path/x.db   reuse (or create and keep) a seeded SQLite file
//   AI_WORKERS=0                   summaries' text work on the main thread, for comparison
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { buildApp } from '../src/server/app';
import { createLocalProvider } from '../src/server/ai/local';
import { SESSION_COOKIE, createSession } from '../src/server/auth/sessions';
import { loadConfig } from '../src/server/config';
import { openDatabase, type DB } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { describeSeed, seedSqlite, seededItems } from './seed-million';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const log = (line: string) => console.log(line);
const TARGET = { summaryP95: 50, firstChunk: 100 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (times: number[]) => {
  const s = times.toSorted((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s.at(-1)! };
};
const fmt = (n: number) => n.toFixed(2).padStart(7);

const SENTENCES = [
  'Dr. Ellen Park of the U.S. Naval Observatory said the comet brightened by 2.5 magnitudes overnight.',
  'The James Webb Space Telescope observed the system for 14.2 hours with its near-infrared camera.',
  'Engineers at the Kennedy Space Center finished stacking the rocket on Tuesday evening.',
  'Astronomers think the planet holds a thick atmosphere of carbon dioxide and water vapour.',
  'The mission will cost about $1.2 billion, according to the agency budget released in March.',
  'Mr. Alvarez, the flight director, said the crew is ready for the lunar flyby.',
  'A solar flare of class X1.1 erupted from sunspot region 3664 early on Friday.',
  'Observers in the northern U.S. may see the aurora if the geomagnetic storm reaches G3.',
  'The probe will reach Jupiter in 2031 after two gravity assists from Venus and Earth.',
  'Scientists published the results in the journal Nature on Wednesday.',
];

/** A 5,000-word article from varied sentences (abbreviations and decimals included). */
export function article(words = 5000, seed = 1): string {
  const out: string[] = [];
  let n = 0;
  let i = seed;
  while (n < words) {
    const s = SENTENCES[(i * 7 + (i >> 3)) % SENTENCES.length].replace(
      '2031',
      String(2000 + (i % 60)),
    );
    out.push(s);
    n += s.split(' ').length;
    i++;
  }
  return out.join(i % 5 === 0 ? '\n\n' : ' ');
}

async function benchLocalSummary() {
  const provider = createLocalProvider();
  const texts = Array.from({ length: 20 }, (_, i) => article(5000, i + 1));
  for (const t of texts.slice(0, 5)) await provider.summarize({ title: 'Warm-up', text: t });
  const times: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < 10; round++)
    for (const text of texts) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      await provider.summarize({ title: 'Bench', text });
      const c1 = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      cpu.push((c1.user + c1.system) / 1000);
    }
  const r = stats(times);
  const c = stats(cpu);
  log(
    `local summary of a 5,000-word article (${times.length} runs): wall p50 ${fmt(r.p50)} ms  p95 ${fmt(r.p95)} ms  max ${fmt(r.max)} ms; cpu p50 ${fmt(c.p50)} ms  p95 ${fmt(c.p95)} ms  target p95 ≤ ${TARGET.summaryP95} ms: ${r.p95 <= TARGET.summaryP95 ? 'met' : 'NOT met'} (wall)`,
  );
}

const QUESTIONS = [
  "What's the latest news on the Artemis program?",
  "What's the difference between a neutron star and a black hole?",
  'What are the recent discoveries of the James Webb Space Telescope?',
  'Tell me about pulsar observations',
  'Any news on Jupiter storms?',
  'supernova in andromeda',
  'quasar magnetar exoplanet',
  'What happened with the rocket launch today?',
];

async function firstChunk(base: string, cookie: string, question: string, dispatcher: Agent) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let cpuFirst = 0;
  const res = await request(`${base}/_api/ai/chat`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify({ question }),
  });
  let first = 0;
  let text = '';
  for await (const chunk of res.body) {
    if (!first) {
      first = performance.now() - t0;
      const c = process.cpuUsage(c0);
      cpuFirst = (c.user + c.system) / 1000;
    }
    text += String(chunk);
  }
  if (res.statusCode !== 200) throw new Error(`chat: HTTP ${res.statusCode} ${text}`);
  return { first, cpuFirst, total: performance.now() - t0, text };
}

async function addLongItems(db: DB, count: number): Promise<number[]> {
  const now = Date.now();
  const source = await db
    .insertInto('news_sources')
    .values({
      name: 'Bench long reads',
      url: 'https://longreads.example.test/feed',
      url_key: `bench-long-${now}`,
      source_type: 'rss',
      user_id: null,
      created_at: now,
      updated_at: now,
      next_fetch_at: Number.MAX_SAFE_INTEGER,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const text = article(5000, 100 + i);
    const row = await db
      .insertInto('news_items')
      .values({
        source_id: source.id,
        dedupe_key: `bench-long-${now}-${i}`,
        url: `https://longreads.example.test/${now}/${i}`,
        title: `Long read ${i}`,
        summary: '<p>Long read</p>',
        summary_text: 'Long read',
        content: `<p>${text}</p>`,
        content_text: text,
        image_url: null,
        author: null,
        published_at: now - 400 * 86_400_000, // far down the feed
        fetched_at: now,
        updated_at: now,
        item_type: 'article',
        is_breaking: 0,
        engagement_score: 0,
        extra: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function listTimes(base: string, cookie: string, n: number, dispatcher: Agent) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await request(`${base}/_api/news/list?page=${1 + (i % 5)}&pageSize=10`, {
      dispatcher,
      headers: { cookie },
    });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`list: HTTP ${res.statusCode}`);
    times.push(performance.now() - t0);
  }
  return stats(times);
}

async function benchServer(db: DB, dataDir: string) {
  const seed = await describeSeed(db);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEFAULT_SOURCES: 'false',
    JOBS_ENABLED: 'false',
    // AI_WORKERS=0 npm run bench -- ai: the same scenarios with summaries on the main thread.
    ...(process.env.AI_WORKERS === undefined ? {} : { AI_WORKERS: process.env.AI_WORKERS }),
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
  // Several users, so the per-user rate limits never answer instead of the engine,
  // and no limit left over from an earlier run on a kept database.
  await db.deleteFrom('rate_events').execute();
  const cookies = await Promise.all(
    seed.userIds.map(async (id) => `${SESSION_COOKIE}=${(await createSession(db, id)).token}`),
  );
  const chatAgent = new Agent({ connections: 1 });
  const listAgent = new Agent({ connections: 1 });
  const workAgent = new Agent({ connections: 16 });
  try {
    log(
      `\nsqlite: ${ITEMS.toLocaleString('en-US')} items; load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const q of QUESTIONS.slice(0, 3)) await firstChunk(base, cookies[0], q, chatAgent); // warm-up
    const firsts: number[] = [];
    const cpus: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < 48; i++) {
      const r = await firstChunk(
        base,
        cookies[1 + (i % (cookies.length - 1))],
        QUESTIONS[i % QUESTIONS.length],
        chatAgent,
      );
      firsts.push(r.first);
      cpus.push(r.cpuFirst);
      totals.push(r.total);
    }
    const f = stats(firsts);
    const fc = stats(cpus);
    const t = stats(totals);
    log(
      `chat, first chunk (local engine, ${firsts.length} questions): wall p50 ${fmt(f.p50)} ms  p95 ${fmt(f.p95)} ms  max ${fmt(f.max)} ms; cpu (server + client) p50 ${fmt(fc.p50)} ms  p95 ${fmt(fc.p95)} ms  target ≤ ${TARGET.firstChunk} ms: ${f.max <= TARGET.firstChunk ? 'met' : f.p95 <= TARGET.firstChunk ? 'met at p95' : 'NOT met'}`,
    );
    log(
      `chat, whole answer:                                p50 ${fmt(t.p50)} ms  p95 ${fmt(t.p95)} ms  max ${fmt(t.max)} ms`,
    );

    const alone = await listTimes(base, cookies[0], 200, listAgent);
    log(
      `news list alone (200 requests):                    p50 ${fmt(alone.p50)} ms  p99 ${fmt(alone.p99)} ms  max ${fmt(alone.max)} ms`,
    );
    const longIds = await addLongItems(db, 600);
    let next = 0;
    // Warm-up: the worker thread starts and loads its model before the measurement.
    for (const id of longIds.slice(0, 3)) {
      const res = await request(`${base}/_api/news/summarize`, {
        method: 'POST',
        dispatcher: workAgent,
        headers: { 'content-type': 'application/json', cookie: cookies[0], origin: base },
        body: JSON.stringify({ newsItemId: String(id), content: 'x'.repeat(60) }),
      });
      await res.body.text();
      next++;
    }
    const state = { running: true };
    let done = 0;
    const summariser = async (worker: number) => {
      while (state.running && next < longIds.length) {
        const id = longIds[next++];
        const res = await request(`${base}/_api/news/summarize`, {
          method: 'POST',
          dispatcher: workAgent,
          headers: {
            'content-type': 'application/json',
            cookie: cookies[(worker + next * 10) % cookies.length],
            origin: base,
          },
          body: JSON.stringify({ newsItemId: String(id), content: 'x'.repeat(60) }),
        });
        const body = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`summarize: HTTP ${res.statusCode} ${body}`);
        done++;
      }
    };
    const workers = Array.from({ length: 10 }, (_, i) => summariser(i));
    const loaded = await listTimes(base, cookies[0], 200, listAgent);
    state.running = false;
    await Promise.all(workers);
    log(
      `news list while 10 summaries run (200 requests):   p50 ${fmt(loaded.p50)} ms  p99 ${fmt(loaded.p99)} ms  max ${fmt(loaded.max)} ms  (${done} summaries made meanwhile)`,
    );
  } finally {
    await Promise.all([chatAgent.close(), listAgent.close(), workAgent.close()]);
    await app.close();
  }
}

export async function run(): Promise<void> {
  await benchLocalSummary();
  const keep = process.env.BENCH_SQLITE_FILE;
  const dataDir = keep
    ? path.dirname(path.resolve(keep))
    : fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-ai-'));
  const file = keep ? path.resolve(keep) : path.join(dataDir, 'bench.db');
  if (!(keep && fs.existsSync(file))) {
    log(`sqlite: seeding ${ITEMS.toLocaleString('en-US')} items into ${file}…`);
    const { seconds } = await seedSqlite(file, { items: ITEMS, log });
    log(`sqlite: seeded in ${seconds.toFixed(1)} s`);
  }
  const { db } = openDatabase({ dialect: 'sqlite', file });
  try {
    await migrateToLatest(db);
    const items = await seededItems(db);
    log(`sqlite: ${items.toLocaleString('en-US')} items stored`);
    await benchServer(db, dataDir);
  } finally {
    await db.destroy();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

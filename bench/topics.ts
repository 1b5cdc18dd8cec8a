// Topic tagging speed (issue 29: tagging 1,000 items ≤ 1 s), and the feed list
// with topics at scale, through the real HTTP server.
//
//   npm run bench -- topics
//   BENCH_ITEMS=1000000            items to seed for the list scenarios (default one million)
//   BENCH_REQUESTS=200             sequential requests per list scenario
//   BENCH_SQLITE_FILE=/path/x.db   reuse (or create and keep) a seeded SQLite file
//
// Tagging: 1,000 real SNAPI articles (title and summary, as stored) through
// topicSlugsOf(), the after-store step's function, 30 rounds; and 1,000 texts
// at the matcher's 20,000-character cap (the worst case). Wall and CPU time.
// The list: the seeded items get topics in realistic shares (a third NASA,
// a tenth Starlink, 1 % Artemis II, 0.1 % JWST), then GET /_api/news/list
// plain, with a topic, with two muted topics. Not part of `npm test`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Agent, request } from 'undici';
import { buildApp } from '../src/server/app';
import { SESSION_COOKIE, createSession } from '../src/server/auth/sessions';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { topicSlugsOf } from '../src/server/topics/tagging';
import { isActiveFor } from '../src/server/sources/visibility';
import { listNews } from '../src/server/news/list';
import { SearchCache } from '../src/server/news/search-cache';
import { newsListQuerySchema } from '../src/shared/schemas';
import { loadAverage, percentile } from './support/harness';
import { describeSeed, seedSqlite, seededItems } from './seed-million';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const log = (line: string) => console.log(line);

function cpuMs(start: NodeJS.CpuUsage) {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function tagging() {
  const articles = (
    JSON.parse(
      fs.readFileSync(
        path.resolve(import.meta.dirname, '../test/fixtures/topics/labelled-articles.json'),
        'utf8',
      ),
    ) as { articles: Array<{ title: string; summary: string }> }
  ).articles;
  const items = Array.from({ length: 1000 }, (_, i) => {
    const a = articles[i % articles.length];
    return { title: a.title, summaryText: a.summary };
  });
  const filler = 'NASA and ESA plan Artemis II while Falcon 9 lifts Starlink; Marshall cobweb. ';
  const long = Array.from({ length: 1000 }, (_, i) => ({
    title: `Long text ${i}`,
    summaryText: filler.repeat(Math.ceil(20_000 / filler.length)).slice(0, 20_000),
  }));
  for (const [name, set] of [
    ['1,000 real articles (title + summary)', items],
    ['1,000 texts at the 20,000-character cap', long],
  ] as const) {
    for (const item of set.slice(0, 50)) topicSlugsOf(item); // warm-up
    const walls: number[] = [];
    const cpus: number[] = [];
    let tags = 0;
    for (let round = 0; round < 30; round++) {
      const cpu = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      tags = 0;
      for (const item of set) tags += topicSlugsOf(item).length;
      walls.push(Number(process.hrtime.bigint() - t0) / 1e6);
      cpus.push(cpuMs(cpu));
    }
    const w = walls.toSorted((a, b) => a - b);
    const c = cpus.toSorted((a, b) => a - b);
    log(
      `tagging ${name}: wall p50 ${percentile(w, 50).toFixed(1)} ms, max ${w.at(-1)?.toFixed(1)} ms; CPU p50 ${percentile(c, 50).toFixed(1)} ms; ${tags} tags a round (target ≤ 1000 ms)`,
    );
  }
}

/** Tags the seeded items in realistic shares (by id), in one statement per topic. */
async function tagSeeded(db: ReturnType<typeof openDatabase>['db']) {
  await db.deleteFrom('item_topics').execute();
  const shares: Array<[string, number]> = [
    ['nasa', 3],
    ['starlink', 10],
    ['artemis-ii', 100],
    ['james-webb-space-telescope', 1000],
  ];
  for (const [topic, every] of shares) {
    await sql`INSERT INTO item_topics (item_id, topic, source_id, position)
      SELECT id, ${topic}, source_id, 0 FROM news_items WHERE id % ${every} = 0`.execute(db);
  }
}

export async function run() {
  log(`load average before: ${loadAverage()}`);
  tagging();

  const keep = process.env.BENCH_SQLITE_FILE;
  const dataDir = keep
    ? path.dirname(path.resolve(keep))
    : fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-'));
  const file = keep ? path.resolve(keep) : path.join(dataDir, 'topics.db');
  if (!(keep && fs.existsSync(file))) {
    log(`sqlite: seeding ${ITEMS.toLocaleString('en-US')} items into ${file}…`);
    const { seconds } = await seedSqlite(file, { items: ITEMS, users: 2, log });
    log(`sqlite: seeded in ${seconds.toFixed(1)} s`);
  }
  const { db } = openDatabase({ dialect: 'sqlite', file });
  try {
    await migrateToLatest(db);
    await tagSeeded(db);
    const seed = await describeSeed(db);
    const userId = seed.userIds[0];
    const tagged = await db
      .selectFrom('item_topics')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    log(
      `sqlite: ${(await seededItems(db)).toLocaleString('en-US')} items, ${tagged.n.toLocaleString('en-US')} tags; load ${loadAverage()}`,
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
    const { token } = await createSession(db, userId);
    const call = async (url: string) => {
      const t0 = process.hrtime.bigint();
      const res = await request(`http://127.0.0.1:${address.port}${url}`, {
        headers: { cookie: `${SESSION_COOKIE}=${token}`, accept: 'application/json' },
        dispatcher,
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${text}`);
      return { ms: Number(process.hrtime.bigint() - t0) / 1e6, body: JSON.parse(text) };
    };
    try {
      const sources = await db
        .selectFrom('news_sources')
        .where(isActiveFor(userId))
        .select('id')
        .execute();
      const dashboard = sources.map((s) => `sourceIds[]=${s.id}`).join('&');
      const scenarios: Array<[string, string]> = [
        ['list, page 1 (items carry topics)', `/_api/news/list?pageSize=20&${dashboard}`],
        [
          'list ?topic=nasa (a third of items)',
          `/_api/news/list?pageSize=20&topic=nasa&${dashboard}`,
        ],
        [
          'list ?topic=artemis-ii (1 %)',
          `/_api/news/list?pageSize=20&topic=artemis-ii&${dashboard}`,
        ],
        [
          'list ?topic=james-webb-space-telescope (0.1 %)',
          `/_api/news/list?pageSize=20&topic=james-webb-space-telescope&${dashboard}`,
        ],
      ];
      // Straight through listNews(), past the route's whole-answer cache (which serves
      // a repeated query from memory while SQLite has not changed): what a page costs.
      const deps = {
        db,
        dialect: 'sqlite' as const,
        searchCache: new SearchCache(),
        searchCountLimit: 1000,
      };
      const direct = async (name: string, url: string) => {
        const params = new URLSearchParams(url.split('?')[1]);
        const query = newsListQuerySchema.parse({
          pageSize: 20,
          topic: params.get('topic') ?? undefined,
          sourceIds: params.getAll('sourceIds[]'),
        });
        const times: number[] = [];
        const cpu = process.cpuUsage();
        for (let i = -10; i < REQUESTS; i++) {
          const t0 = process.hrtime.bigint();
          await listNews(deps, userId, query);
          if (i >= 0) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
        const cpuPer = cpuMs(cpu) / (REQUESTS + 10);
        const s = times.toSorted((a, b) => a - b);
        log(
          `${`${name}, uncached`.padEnd(52)} p50 ${percentile(s, 50).toFixed(2).padStart(7)}  p99 ${percentile(s, 99).toFixed(2).padStart(7)}  max ${s[s.length - 1].toFixed(1).padStart(6)} ms  CPU ${cpuPer.toFixed(2)} ms/call`,
        );
      };
      const measure = async (name: string, url: string) => {
        await direct(name, url);
        const first = await call(url);
        for (let i = 0; i < 10; i++) await call(url);
        const cpu = process.cpuUsage();
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i++) times.push((await call(url)).ms);
        const cpuPer = cpuMs(cpu) / REQUESTS;
        const s = times.toSorted((a, b) => a - b);
        log(
          `${name.padEnd(52)} p50 ${percentile(s, 50).toFixed(2).padStart(7)}  p99 ${percentile(s, 99).toFixed(2).padStart(7)}  max ${s[s.length - 1].toFixed(1).padStart(6)} ms  CPU ${cpuPer.toFixed(2)} ms/request  total ${first.body.pagination.totalItems}`,
        );
      };
      await db.deleteFrom('topic_mutes').where('user_id', '=', userId).execute();
      for (const [name, url] of scenarios) await measure(name, url);
      const now = Date.now();
      await db
        .insertInto('topic_mutes')
        .values([
          { user_id: userId, topic: 'starlink', created_at: now },
          { user_id: userId, topic: 'artemis-ii', created_at: now },
        ])
        .execute();
      await measure('list, page 1, Starlink and Artemis II muted', scenarios[0][1]);
      await db.deleteFrom('topic_mutes').where('user_id', '=', userId).execute();
    } finally {
      await dispatcher.close();
      await app.close();
    }
    log(`load average after: ${loadAverage()}`);
  } finally {
    await db.destroy();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// The API server of the list benches in its own process, running the bundled
// code: a fresh SQLite database with BENCH_SOURCES feed sources filled by one
// refresh from the local feed server (no added latency), then a signed-in user.
//   BENCH_PHASE=during-refresh  measures list latency idle, then while a refresh
//                               of every (changed) source runs; prints one JSON line
//   BENCH_PHASE=serve           prints {url, cookie} and serves until stdin closes
import { Agent, request } from 'undici';
import { buildApp } from '../../src/server/app';
import { SESSION_COOKIE, createSession } from '../../src/server/auth/sessions';
import { SOURCE_COLUMNS, refreshSources } from '../../src/server/ingest/pipeline';
import { closeIngestThreads } from '../../src/server/ingest/ingest-threads';
import { LIST_QUERY } from './list-query';
import { feedDatabase, peakRss, percentile, silentLog, startFeedServer } from './harness';

const SOURCES = Number(process.env.BENCH_SOURCES ?? 1000);
const PER_SOURCE = Number(process.env.BENCH_ITEMS_PER_SOURCE ?? 20);
const IDLE_REQUESTS = 300;

const feeds = await startFeedServer({
  BENCH_LATENCY: '0',
  BENCH_GENERATIONS: '2',
  BENCH_SOURCES: String(SOURCES),
  BENCH_ITEMS_PER_SOURCE: String(PER_SOURCE),
});
const bench = await feedDatabase(
  feeds.port,
  SOURCES,
  process.env.INGEST_WORKERS ? { INGEST_WORKERS: process.env.INGEST_WORKERS } : {},
);
const { app, ctx } = await buildApp({
  config: bench.config,
  db: bench.db,
  dialect: 'sqlite',
  webDir: '/nonexistent',
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('server did not bind');
const url = `http://127.0.0.1:${address.port}`;
const now = Date.now();
const user = await bench.db
  .insertInto('users')
  .values({
    email: 'bench@example.org',
    email_normalized: 'bench@example.org',
    display_name: 'Bench',
    password_hash: 'not-a-real-hash',
    avatar_url: null,
    role: 'user',
    zip_code: null,
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const cookie = `${SESSION_COOKIE}=${(await createSession(bench.db, user.id)).token}`;
const ingest = { config: bench.config, db: bench.db, log: silentLog };
const refreshAll = async () =>
  refreshSources(
    ingest,
    await bench.db
      .selectFrom('news_sources')
      .select([...SOURCE_COLUMNS])
      .execute(),
  );
const filled = await refreshAll();
void ctx;

async function shutdown() {
  await app.close();
  await closeIngestThreads();
  await bench.destroy();
  feeds.close();
}

if (process.env.BENCH_PHASE === 'serve') {
  console.log(JSON.stringify({ url, cookie, items: filled.newItemsAdded }));
  process.stdin.resume();
  process.stdin.on('end', () => void shutdown().then(() => process.exit(0)));
} else {
  const dispatcher = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
  const once = async () => {
    const t0 = performance.now();
    const res = await request(`${url}/_api/news/list?${LIST_QUERY}`, {
      headers: { cookie, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
      dispatcher,
    });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}`);
    return performance.now() - t0;
  };
  const summary = (times: number[]) => {
    const sorted = times.toSorted((a, b) => a - b);
    return {
      requests: times.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
    };
  };
  for (let i = 0; i < 20; i++) await once();
  const idle: number[] = [];
  for (let i = 0; i < IDLE_REQUESTS; i++) idle.push(await once());
  const during: number[] = [];
  const state = { done: false };
  const started = performance.now();
  const refreshing = refreshAll().finally(() => (state.done = true));
  while (!state.done) during.push(await once());
  const refreshed = await refreshing;
  const refreshSeconds = (performance.now() - started) / 1000;
  await dispatcher.close();
  await shutdown();
  console.log(
    JSON.stringify({
      idle: summary(idle),
      during: summary(during),
      refresh: { ...refreshed, seconds: refreshSeconds },
      peakRss: peakRss(),
      workers: bench.config.ingest.workers,
    }),
  );
}

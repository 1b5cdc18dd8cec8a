// One process of bench/ingest-throughput.ts and bench/ingest-refresh.ts:
// refreshes BENCH_SOURCES feeds from a local feed server twice, with
// INGEST_WORKERS as given. BENCH_LATENCY (default none) delays each response;
// BENCH_GENERATIONS=2 (the default) changes every feed for the second pass, 1
// makes it answer 304. Prints one JSON line.
import { SOURCE_COLUMNS, refreshSources } from '../../src/server/ingest/pipeline';
import { closeIngestThreads, ingestThreadIds } from '../../src/server/ingest/ingest-threads';
import { feedDatabase, peakRss, silentLog, startFeedServer } from './harness';

const SOURCES = Number(process.env.BENCH_SOURCES ?? 1000);
const PER_SOURCE = Number(process.env.BENCH_ITEMS_PER_SOURCE ?? 20);

const feeds = await startFeedServer({
  BENCH_LATENCY: process.env.BENCH_LATENCY ?? '0',
  BENCH_GENERATIONS: process.env.BENCH_GENERATIONS ?? '2',
  BENCH_SOURCES: String(SOURCES),
  BENCH_ITEMS_PER_SOURCE: String(PER_SOURCE),
});
const bench = await feedDatabase(
  feeds.port,
  SOURCES,
  process.env.INGEST_WORKERS ? { INGEST_WORKERS: process.env.INGEST_WORKERS } : {},
);
const ctx = { config: bench.config, db: bench.db, log: silentLog };
const rows = () =>
  bench.db
    .selectFrom('news_sources')
    .select([...SOURCE_COLUMNS])
    .execute();

const rssBefore = process.memoryUsage().rss;
const passes = [];
const peakMain = { heapTotal: 0, external: 0, arrayBuffers: 0 };
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakMain.heapTotal = Math.max(peakMain.heapTotal, m.heapTotal);
  peakMain.external = Math.max(peakMain.external, m.external);
  peakMain.arrayBuffers = Math.max(peakMain.arrayBuffers, m.arrayBuffers);
}, 50);
try {
  for (const name of ['first', 'second']) {
    const sources = await rows();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await refreshSources(ctx, sources);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const statuses = await bench.db
      .selectFrom('news_sources')
      .select(['last_status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('last_status')
      .execute();
    const firstError = await bench.db
      .selectFrom('news_sources')
      .select('last_error')
      .where('last_status', '=', 'error')
      .executeTakeFirst();
    const stored = await bench.db
      .selectFrom('news_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const count = (status: string) => statuses.find((s) => s.last_status === status)?.n ?? 0;
    passes.push({
      name,
      seconds,
      cpuSeconds: (used.user + used.system) / 1e6,
      sourcesFetched: result.sourcesFetched,
      feedsPerSecond: result.sourcesFetched / seconds,
      newItems: result.newItemsAdded,
      stored: stored.n,
      errors: count('error'),
      firstError: firstError?.last_error ?? null,
      notModified: count('not_modified'),
      peakRss: peakRss(),
    });
  }
} finally {
  clearInterval(sampler);
  const threads = ingestThreadIds().length;
  await closeIngestThreads();
  await bench.destroy();
  feeds.close();
  console.log(
    JSON.stringify({
      passes,
      rssBefore,
      peakRss: peakRss(),
      peakMain,
      threads,
      workers: bench.config.ingest.workers,
    }),
  );
}

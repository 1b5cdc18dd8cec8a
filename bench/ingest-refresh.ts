// A full refresh of 1,000 sources served by a local server with realistic
// latency (50–200 ms per response), into a fresh SQLite database: wall time,
// items stored, peak RSS. Then a second refresh where every source answers 304.
//   npm run bench -- ingest-refresh     BENCH_SOURCES=1000 BENCH_ITEMS_PER_SOURCE=20
// Sources are spread over 50 loopback addresses (127.0.0.1–127.0.0.50) so the
// per-host limit behaves as it does across real publishers.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { createGuardedHttp } from '../src/server/ingest/http';
import { SOURCE_COLUMNS, refreshSources, type IngestContext } from '../src/server/ingest/pipeline';

const SOURCES = Number(process.env.BENCH_SOURCES ?? 1000);
const PER_SOURCE = Number(process.env.BENCH_ITEMS_PER_SOURCE ?? 20);
const HOSTS = 50;
const TARGET = { seconds: 60, rssMb: 300 };

const cpuSeconds = (u: NodeJS.CpuUsage) => ((u.user + u.system) / 1e6).toFixed(1);
const silent = () => undefined;
const log = {
  info: silent,
  warn: silent,
  error: silent,
  debug: silent,
  trace: silent,
  fatal: silent,
  child: () => log,
  level: 'silent',
  silent,
} as unknown as IngestContext['log'];

export async function run(): Promise<void> {
  const server = fork(path.join(import.meta.dirname, 'support/feed-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_SOURCES: String(SOURCES),
      BENCH_ITEMS_PER_SOURCE: String(PER_SOURCE),
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('message', (m) => resolve((m as { port: number }).port));
    server.once('exit', (code) => reject(new Error(`feed server exited (${code})`)));
  });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    FETCH_ALLOW_PRIVATE_NETWORK: 'true',
    LOG_LEVEL: 'silent',
    PURGE_AGE_DAYS: '0', // the generated feeds carry fixed, old dates
  });
  const { db } = openDatabase(config.database);
  await migrateToLatest(db);
  const now = Date.now();
  const values = Array.from({ length: SOURCES }, (_, i) => {
    const url = `http://127.0.0.${(i % HOSTS) + 1}:${port}/feed/${i}`;
    return {
      name: `Bench ${i}`,
      url,
      url_key: url,
      source_type: 'rss' as const,
      user_id: null,
      created_at: now,
      updated_at: now,
    };
  });
  for (let i = 0; i < values.length; i += 500)
    await db
      .insertInto('news_sources')
      .values(values.slice(i, i + 500))
      .execute();
  const sources = () =>
    db
      .selectFrom('news_sources')
      .select([...SOURCE_COLUMNS])
      .execute();

  const ctx: IngestContext = { config, db, log };
  const client = createGuardedHttp(config.ingest);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  console.log(
    `${SOURCES} sources × ${PER_SOURCE} items over ${HOSTS} hosts, latency 50–200 ms; concurrency ${config.ingest.concurrency}, per host ${config.ingest.perHostConcurrency}; RSS before ${mb(peak)}`,
  );

  try {
    let started = performance.now();
    let cpu = process.cpuUsage();
    const first = await refreshSources(ctx, await sources(), { http: client });
    const firstSeconds = (performance.now() - started) / 1000;
    const firstCpu = cpuSeconds(process.cpuUsage(cpu));
    const stored = await db
      .selectFrom('news_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const errors = await db
      .selectFrom('news_sources')
      .select('last_error')
      .where('last_status', '=', 'error')
      .execute();
    console.log(
      `first refresh:  ${firstSeconds.toFixed(1)} s wall, ${firstCpu} s CPU, ${first.sourcesFetched} sources, ${first.newItemsAdded} new items (${stored.n} stored), ${errors.length} errors${errors[0] ? ` e.g. "${errors[0].last_error}"` : ''}, peak RSS ${mb(peak)}`,
    );

    started = performance.now();
    cpu = process.cpuUsage();
    const second = await refreshSources(ctx, await sources(), { http: client });
    const secondSeconds = (performance.now() - started) / 1000;
    const secondCpu = cpuSeconds(process.cpuUsage(cpu));
    const notModified = await db
      .selectFrom('news_sources')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('last_status', '=', 'not_modified')
      .executeTakeFirstOrThrow();
    console.log(
      `second refresh: ${secondSeconds.toFixed(1)} s wall (latency-bound), ${secondCpu} s CPU, ${second.sourcesFetched} sources, ${second.newItemsAdded} new items, ${notModified.n} answered 304, peak RSS ${mb(peak)}`,
    );
    console.log(
      `targets: < ${TARGET.seconds} s ${firstSeconds < TARGET.seconds ? 'met' : 'NOT met'}; < ${TARGET.rssMb} MB RSS ${peak < TARGET.rssMb * 1024 * 1024 ? 'met' : 'NOT met'}`,
    );
  } finally {
    clearInterval(sampler);
    await client.close();
    await db.destroy();
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

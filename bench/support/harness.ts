// Shared pieces of the ingestion and load benches: the feed server in its own
// process, a fresh SQLite database with N feed sources, a silent logger, child
// processes that report one JSON line, and a few number formats.
import { fork, spawn } from 'node:child_process';
import { build } from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type DB } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { IngestContext } from '../../src/server/ingest/pipeline';

const silent = () => undefined;
export const silentLog = {
  info: silent,
  warn: silent,
  error: silent,
  debug: silent,
  trace: silent,
  fatal: silent,
  child: () => silentLog,
  level: 'silent',
  silent,
} as unknown as IngestContext['log'];

export const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
export const loadAverage = () =>
  `${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.availableParallelism()} cores`;
/**
 * Runs one bench as `npm run bench` does: prints the load average before and
 * after it (every bench says how busy the machine was) and, with
 * BENCH_BUSY_CORES=n, keeps n cores busy meanwhile (see busyCores).
 */
export async function runBench(name: string, run: () => Promise<void>): Promise<void> {
  const busy = Number(process.env.BENCH_BUSY_CORES ?? 0);
  console.log(`\n=== bench: ${name} ===`);
  const stop = busy > 0 ? await busyCores(busy) : undefined;
  console.log(
    `[${name}] load average before: ${loadAverage()}${busy > 0 ? `; ${busy} core(s) kept busy by a busy loop in a child process` : ''}`,
  );
  try {
    await run();
  } finally {
    console.log(`[${name}] load average after: ${loadAverage()}`);
    stop?.();
  }
}

/** How long a busy loop spins at most: it stops by itself even if the bench dies. */
const BUSY_MAX_SECONDS = Number(process.env.BENCH_BUSY_SECONDS ?? 900);

/**
 * Keeps `cores` cores busy with something else, as on a machine shared with other
 * work: one child process per core spinning a bounded busy loop (it exits by
 * itself after BENCH_BUSY_SECONDS, default 900). Resolves once they spin; answers
 * a function that stops them.
 */
export async function busyCores(cores: number): Promise<() => void> {
  const loop = `const end = Date.now() + ${BUSY_MAX_SECONDS * 1000};
    process.send('spinning');
    let x = 0;
    while (Date.now() < end) for (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0;
    process.exit(x === 0.5 ? 1 : 0);`;
  const children = Array.from({ length: cores }, () =>
    spawn(process.execPath, ['-e', loop], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }),
  );
  await Promise.all(children.map((c) => new Promise((resolve) => c.once('message', resolve))));
  return () => {
    for (const c of children) c.kill();
  };
}

/** The kernel's peak resident set of this process, worker threads included (they are threads). */
export const peakRss = () => process.resourceUsage().maxRSS * 1024;

export interface FeedServer {
  port: number;
  close(): void;
}

/** The fixture feed server (support/feed-server.ts) in its own process. */
export async function startFeedServer(env: Record<string, string>): Promise<FeedServer> {
  const child = fork(path.join(ROOT, 'bench/support/feed-server.ts'), {
    execArgv: ['--import', 'tsx'],
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`feed server exited (${code})`)));
  });
  return { port, close: () => child.kill() };
}

export interface BenchDatabase {
  db: DB;
  config: Config;
  dataDir: string;
  destroy(): Promise<void>;
}

/** A fresh SQLite database with `sources` rss sources spread over `hosts` loopback addresses. */
export async function feedDatabase(
  port: number,
  sources: number,
  env: Record<string, string> = {},
  hosts = 50,
): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    FETCH_ALLOW_PRIVATE_NETWORK: 'true',
    LOG_LEVEL: 'silent',
    SEED_DEFAULT_SOURCES: 'false',
    JOBS_ENABLED: 'false',
    PURGE_AGE_DAYS: '0', // the generated feeds carry fixed, old dates
    // FETCH_CONCURRENCY and the like from the shell, to compare settings in one run.
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('FETCH_'))),
    ...env,
  });
  const { db } = openDatabase(config.database);
  await migrateToLatest(db);
  const now = Date.now();
  const values = Array.from({ length: sources }, (_, i) => {
    const url = `http://127.0.0.${(i % hosts) + 1}:${port}/feed/${i}`;
    const common = { url, url_key: url, source_type: 'rss' as const, user_id: null };
    return { ...common, name: `Bench ${i}`, created_at: now, updated_at: now };
  });
  for (let i = 0; i < values.length; i += 500)
    await db
      .insertInto('news_sources')
      .values(values.slice(i, i + 500))
      .execute();
  return {
    db,
    config,
    dataDir,
    async destroy() {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Node flags for a measured process: those of package.json's start script, so
 * benches measure what `npm start` runs, then BENCH_NODE_ARGS (e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/p").
 */
export function childNodeArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const start = pkg.scripts.start.split(' ').filter((word) => word.startsWith('--'));
  return [...start, ...(process.env.BENCH_NODE_ARGS?.split(' ') ?? [])].filter(Boolean);
}

/** What support/refresh-child.ts prints. */
export interface RefreshChildResult {
  passes: {
    name: string;
    seconds: number;
    cpuSeconds: number;
    sourcesFetched: number;
    feedsPerSecond: number;
    newItems: number;
    stored: number;
    errors: number;
    firstError: string | null;
    notModified: number;
    /** The process's peak so far, at the end of this pass. */
    peakRss: number;
  }[];
  peakRss: number;
  rssBefore: number;
  peakMain: { heapTotal: number; external: number; arrayBuffers: number };
  threads: number;
  workers: number;
}

/**
 * Runs a script bundled by bundleForBench in its own process (so its peak RSS
 * is its own), with the bundled worker; answers its last stdout line as JSON.
 */
export async function runChild<T>(
  bundleDir: string,
  script: string,
  env: Record<string, string>,
): Promise<T> {
  const entry = path.join(bundleDir, script.replace(/\.ts$/, '.js'));
  const child = spawn(process.execPath, [...childNodeArgs(), entry], {
    env: {
      ...process.env,
      BENCH_ROOT: ROOT,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const last = out.trim().split('\n').pop() ?? '';
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${out}`);
  return JSON.parse(last) as T;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** The repository root; bundled bench scripts run from a temporary directory and are told it. */
export const ROOT = process.env.BENCH_ROOT ?? path.resolve(import.meta.dirname, '../..');

/**
 * Bundles bench/support scripts and the ingestion thread as `npm run
 * build:server` bundles the server, into a temporary directory: benches then
 * measure the code production runs (memory included), not tsx compiling
 * TypeScript on start-up. Answers the directory; run a script there with runChild.
 */
export async function bundleForBench(scripts: string[]): Promise<string> {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bench-bundle-'));
  await build({
    entryPoints: [
      path.join(ROOT, 'src/server/ingest/ingest-thread.ts'),
      path.join(ROOT, 'src/server/ingest/document-worker.ts'),
      ...scripts.map((s) => path.join(ROOT, 'bench/support', s)),
    ],
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir,
    logLevel: 'warning',
  });
  // Bare imports resolve from the repository's node_modules.
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(outdir, 'node_modules'));
  fs.writeFileSync(path.join(outdir, 'package.json'), '{"type":"module"}');
  return outdir;
}

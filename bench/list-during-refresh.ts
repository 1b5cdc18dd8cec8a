// GET /_api/news/list latency (sequential requests, one connection) while idle
// and while a refresh of 1,000 changed feeds of 20 items runs in the same
// server process, with the worker pool and, for comparison, parsing inline.
// The server runs the bundled code in its own process.
//   npm run bench -- list-during-refresh    BENCH_SOURCES=1000 BENCH_MODES=1,0
// Target (issue 10 §2): p99 ≤ 25 ms during the refresh, on SQLite.
import fs from 'node:fs';
import os from 'node:os';
import { bundleForBench, loadAverage, mb, runChild } from './support/harness';

const TARGET_P99 = 25;

interface Latency {
  requests: number;
  p50: number;
  p99: number;
  max: number;
}
interface ChildResult {
  idle: Latency;
  during: Latency;
  refresh: { sourcesFetched: number; newItemsAdded: number; seconds: number };
  peakRss: number;
  workers: number;
}

const row = (label: string, l: Latency) =>
  `  ${label.padEnd(16)} p50 ${l.p50.toFixed(2).padStart(7)} ms  p99 ${l.p99.toFixed(2).padStart(7)} ms  max ${l.max.toFixed(2).padStart(8)} ms  (${l.requests} requests)`;

export async function run(): Promise<void> {
  const bundle = await bundleForBench(['server-child.ts']);
  const modes = process.env.BENCH_MODES?.split(',') ?? [
    String(Math.max(1, os.availableParallelism() - 1)),
    '0',
  ];
  console.log(`sqlite; load average before: ${loadAverage()}`);
  try {
    for (const workers of modes) {
      const r = await runChild<ChildResult>(bundle, 'server-child.ts', {
        INGEST_WORKERS: workers,
        BENCH_PHASE: 'during-refresh',
      });
      console.log(
        r.workers === 0 ? 'parsing inline (INGEST_WORKERS=0)' : `${r.workers} worker thread(s)`,
      );
      console.log(row('idle', r.idle));
      console.log(row('during refresh', r.during));
      console.log(
        `  refresh: ${r.refresh.sourcesFetched} sources, ${r.refresh.newItemsAdded} new items in ${r.refresh.seconds.toFixed(1)} s; peak RSS ${mb(r.peakRss)}; p99 ≤ ${TARGET_P99} ms during the refresh: ${r.during.p99 <= TARGET_P99 ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    fs.rmSync(bundle, { recursive: true, force: true });
  }
  console.log(`load average after: ${loadAverage()}`);
}

// The refresh of 1,000 changed feeds of 20 items from a local feed server with
// no added latency, so it measures the code, not the network: feeds per second,
// CPU seconds (the whole process: main thread and worker threads) and the
// process's peak RSS (worker threads included: they share the process), with
// the worker pool and, for comparison, parsing on the main thread.
//   npm run bench -- ingest-throughput     BENCH_SOURCES=1000 BENCH_ITEMS_PER_SOURCE=20
//   BENCH_MODES=2,0   the INGEST_WORKERS values to compare (default: the CPU count, then 0)
// Targets (issue 10 §2): ≥ 300 feeds/s on 2 cores, peak RSS ≤ 256 MB.
import fs from 'node:fs';
import os from 'node:os';
import {
  bundleForBench,
  loadAverage,
  mb,
  runChild,
  type RefreshChildResult,
} from './support/harness';

const TARGET = { feedsPerSecond: 300, rssMb: 256 };

const PASSES = ['empty database', 'every feed changed'];

export async function run(): Promise<void> {
  const sources = Number(process.env.BENCH_SOURCES ?? 1000);
  const perSource = Number(process.env.BENCH_ITEMS_PER_SOURCE ?? 20);
  console.log(
    `${sources} feeds × ${perSource} items, no added latency; load average before: ${loadAverage()}`,
  );
  const bundle = await bundleForBench(['refresh-child.ts']);
  const modes = process.env.BENCH_MODES?.split(',') ?? [
    String(Math.max(1, os.availableParallelism() - 1)),
    '0',
  ];
  for (const workers of modes) {
    const r = await runChild<RefreshChildResult>(bundle, 'refresh-child.ts', {
      INGEST_WORKERS: workers,
    });
    const label = r.workers === 0 ? 'inline (INGEST_WORKERS=0)' : `${r.workers} worker threads`;
    for (const [i, p] of r.passes.entries())
      console.log(
        `${label.padEnd(26)} ${PASSES[i].padEnd(20)} ${p.seconds.toFixed(2).padStart(6)} s wall ${p.cpuSeconds.toFixed(2).padStart(6)} s CPU ${p.feedsPerSecond.toFixed(0).padStart(5)} feeds/s  ${p.newItems} new items, ${p.errors} errors`,
      );
    const best = Math.min(...r.passes.map((p) => p.feedsPerSecond));
    console.log(
      `${label.padEnd(26)} peak RSS ${mb(r.peakRss)} (process, ${mb(r.rssBefore)} before the first refresh, ${r.threads} worker threads at the end; main thread's peak heap ${mb(r.peakMain.heapTotal)}, external ${mb(r.peakMain.external)}); targets ≥ ${TARGET.feedsPerSecond} feeds/s ${best >= TARGET.feedsPerSecond ? 'met' : 'NOT met'}, ≤ ${TARGET.rssMb} MB ${r.peakRss <= TARGET.rssMb * 1024 * 1024 ? 'met' : 'NOT met'}`,
    );
  }
  fs.rmSync(bundle, { recursive: true, force: true });
  console.log(`load average after: ${loadAverage()}`);
}

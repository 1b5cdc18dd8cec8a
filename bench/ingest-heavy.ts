// The refresh of a heavier corpus, like real feeds: 1,000 feeds × 20 items
// with 1–2 KB of article HTML each (about 35 MB per pass), from a local feed
// server with no added latency. Feeds per second, CPU seconds (the whole
// process) and the process's peak RSS (threads included).
//   npm run bench -- ingest-heavy     BENCH_SOURCES=1000 BENCH_ITEMS_PER_SOURCE=20
//   BENCH_MODES=1,0   the INGEST_WORKERS values to compare (default: 1)
// Targets (issue 24): at least as fast as before (~120 feeds/s), peak RSS ≤ 200 MB.
import fs from 'node:fs';
import {
  bundleForBench,
  loadAverage,
  mb,
  runChild,
  type RefreshChildResult,
} from './support/harness';

const TARGET = { feedsPerSecond: 120, rssMb: 200 };

const PASSES = ['empty database', 'every feed changed'];

export async function run(): Promise<void> {
  process.env.BENCH_ITEM_HTML = '1';
  const sources = Number(process.env.BENCH_SOURCES ?? 1000);
  const perSource = Number(process.env.BENCH_ITEMS_PER_SOURCE ?? 20);
  console.log(
    `${sources} feeds × ${perSource} items with 1–2 KB of HTML each, no added latency; load average before: ${loadAverage()}`,
  );
  const bundle = await bundleForBench(['refresh-child.ts']);
  for (const workers of process.env.BENCH_MODES?.split(',') ?? ['1']) {
    const r = await runChild<RefreshChildResult>(bundle, 'refresh-child.ts', {
      INGEST_WORKERS: workers,
      BENCH_ITEM_HTML: '1',
    });
    const label = r.workers === 0 ? 'inline (INGEST_WORKERS=0)' : `INGEST_WORKERS=${r.workers}`;
    for (const [i, p] of r.passes.entries())
      console.log(
        `${label.padEnd(26)} ${PASSES[i].padEnd(20)} ${p.seconds.toFixed(2).padStart(6)} s wall ${p.cpuSeconds.toFixed(2).padStart(6)} s CPU ${p.feedsPerSecond.toFixed(0).padStart(5)} feeds/s  ${p.newItems} new items, ${p.errors} errors`,
      );
    const best = Math.min(...r.passes.map((p) => p.feedsPerSecond));
    console.log(
      `${label.padEnd(26)} peak RSS ${mb(r.peakRss)}; targets ≥ ${TARGET.feedsPerSecond} feeds/s ${best >= TARGET.feedsPerSecond ? 'met' : 'NOT met'}, ≤ ${TARGET.rssMb} MB ${r.peakRss <= TARGET.rssMb * 1024 * 1024 ? 'met' : 'NOT met'}`,
    );
  }
  fs.rmSync(bundle, { recursive: true, force: true });
  console.log(`load average after: ${loadAverage()}`);
}

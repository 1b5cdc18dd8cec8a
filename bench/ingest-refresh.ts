// A full refresh of 1,000 sources served by a local server with realistic
// latency (50–200 ms per response), into a fresh SQLite database: wall time,
// items stored, peak RSS. Then a second refresh where every source answers 304.
// The bundled code runs in its own process, as production does.
//   npm run bench -- ingest-refresh     BENCH_SOURCES=1000 BENCH_ITEMS_PER_SOURCE=20
// Sources are spread over 50 loopback addresses (127.0.0.1–127.0.0.50) so the
// per-host limit behaves as it does across real publishers.
import fs from 'node:fs';
import { bundleForBench, mb, runChild, type RefreshChildResult } from './support/harness';

const TARGET = { seconds: 60, rssMb: 300 };

export async function run(): Promise<void> {
  const sources = Number(process.env.BENCH_SOURCES ?? 1000);
  const perSource = Number(process.env.BENCH_ITEMS_PER_SOURCE ?? 20);
  const bundle = await bundleForBench(['refresh-child.ts']);
  try {
    const r = await runChild<RefreshChildResult>(bundle, 'refresh-child.ts', {
      BENCH_LATENCY: '50-200',
      BENCH_GENERATIONS: '1', // the second refresh finds every feed unchanged
    });
    console.log(
      `${sources} sources × ${perSource} items over 50 hosts, latency 50–200 ms; ${r.workers} worker thread(s); RSS before ${mb(r.rssBefore)}`,
    );
    const [first, second] = r.passes;
    const error = first.firstError ? ` e.g. "${first.firstError}"` : '';
    console.log(
      `first refresh:  ${first.seconds.toFixed(1)} s wall, ${first.cpuSeconds.toFixed(1)} s CPU, ${first.sourcesFetched} sources, ${first.newItems} new items (${first.stored} stored), ${first.errors} errors${error}, peak RSS ${mb(first.peakRss)}`,
    );
    console.log(
      `second refresh: ${second.seconds.toFixed(1)} s wall (latency-bound), ${second.cpuSeconds.toFixed(1)} s CPU, ${second.sourcesFetched} sources, ${second.newItems} new items, ${second.notModified} answered 304, peak RSS ${mb(second.peakRss)}`,
    );
    console.log(
      `targets: < ${TARGET.seconds} s ${first.seconds < TARGET.seconds ? 'met' : 'NOT met'}; < ${TARGET.rssMb} MB RSS ${r.peakRss < TARGET.rssMb * 1024 * 1024 ? 'met' : 'NOT met'}`,
    );
  } finally {
    fs.rmSync(bundle, { recursive: true, force: true });
  }
}

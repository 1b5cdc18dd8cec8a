// Parse throughput: a 20,000-item real-shaped RSS feed through the rss fetcher's
// parser (feedsmith behind safeXml), then through normalise + sanitise as well.
//   npm run bench -- ingest-parse        BENCH_PARSE_ITEMS=20000
import os from 'node:os';
import { parseFeedText } from '../src/server/ingest/fetchers/feed-parse';
import { normalizeItem } from '../src/server/ingest/parse/normalize';
import { bigFeed } from './support/ingest-fixtures';

const ITEMS = Number(process.env.BENCH_PARSE_ITEMS ?? 20_000);
const TARGET = 20_000;

/** Best of `runs`: wall time, and CPU time of this process (fairer on a busy machine). */
function best(runs: number, fn: () => number): { ms: number; cpuMs: number; n: number } {
  let ms = Infinity;
  let cpuMs = Infinity;
  let n = 0;
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    n = fn();
    const used = process.cpuUsage(cpu);
    ms = Math.min(ms, performance.now() - started);
    cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000);
  }
  return { ms, cpuMs, n };
}

export async function run(): Promise<void> {
  const text = bigFeed(ITEMS);
  const url = 'https://www.nasa.gov/rss/dyn/breaking_news.rss';
  console.log(`feed: ${ITEMS} items, ${(text.length / 1024 / 1024).toFixed(1)} MB`);
  parseFeedText(bigFeed(500), url); // warm-up

  const parse = best(5, () => parseFeedText(text, url).items.length);
  const parsed = parseFeedText(text, url).items;
  const now = Date.now();
  const ctx = { sourceType: 'rss' as const, baseUrl: url, now };
  const normalize = best(5, () => parsed.map((i) => normalizeItem(i, ctx)).filter(Boolean).length);
  const whole = best(
    5,
    () =>
      parseFeedText(text, url)
        .items.map((i) => normalizeItem(i, ctx))
        .filter(Boolean).length,
  );

  type Run = { ms: number; cpuMs: number; n: number };
  const rate = (r: Run) => Math.round((r.n / r.ms) * 1000);
  const cpuRate = (r: Run) => Math.round((r.n / r.cpuMs) * 1000);
  const line = (label: string, r: Run) =>
    console.log(
      `${label.padEnd(28)} ${String(r.n).padStart(6)} items in ${r.ms.toFixed(0).padStart(5)} ms = ${String(rate(r)).padStart(7)} items/s wall, ${String(cpuRate(r)).padStart(7)} items per CPU-second`,
    );
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  line('parse (safeXml + feedsmith)', parse);
  line('normalise + sanitise', normalize);
  line('parse + normalise', whole);
  const verdict = (r: Run) =>
    `${rate(r) >= TARGET ? 'met' : 'not met'} by wall time, ${cpuRate(r) >= TARGET ? 'met' : 'not met'} per CPU-second`;
  console.log(
    `target ≥ ${TARGET} items/s parsed on one core: parse ${verdict(parse)}; parse + normalise ${verdict(whole)}`,
  );
}

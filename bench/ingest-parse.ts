// Parse throughput: a 20,000-item real-shaped RSS feed through the rss fetcher's
// parser (feedsmith behind safeXml), then through normalise + sanitise as well.
//   npm run bench -- ingest-parse        BENCH_PARSE_ITEMS=20000
import { parseFeedText } from '../src/server/ingest/fetchers/feed-parse';
import { normalizeItem } from '../src/server/ingest/normalize';
import { bigFeed } from './support/ingest-fixtures';

const ITEMS = Number(process.env.BENCH_PARSE_ITEMS ?? 20_000);
const TARGET = 20_000;

function best(runs: number, fn: () => number): { ms: number; n: number } {
  let ms = Infinity;
  let n = 0;
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    n = fn();
    ms = Math.min(ms, performance.now() - started);
  }
  return { ms, n };
}

export async function run(): Promise<void> {
  const text = bigFeed(ITEMS);
  const url = 'https://www.nasa.gov/rss/dyn/breaking_news.rss';
  console.log(`feed: ${ITEMS} items, ${(text.length / 1024 / 1024).toFixed(1)} MB`);
  parseFeedText(bigFeed(500), url); // warm-up

  const parse = best(3, () => parseFeedText(text, url).items.length);
  const parsed = parseFeedText(text, url).items;
  const now = Date.now();
  const ctx = { sourceType: 'rss' as const, baseUrl: url, now };
  const normalize = best(3, () => parsed.map((i) => normalizeItem(i, ctx)).filter(Boolean).length);
  const whole = best(3, () => parseFeedText(text, url).items.map((i) => normalizeItem(i, ctx)).filter(Boolean).length);

  const rate = (r: { ms: number; n: number }) => Math.round((r.n / r.ms) * 1000);
  const line = (label: string, r: { ms: number; n: number }) =>
    console.log(`${label.padEnd(28)} ${String(r.n).padStart(6)} items in ${r.ms.toFixed(0).padStart(5)} ms = ${String(rate(r)).padStart(7)} items/s`);
  line('parse (safeXml + feedsmith)', parse);
  line('normalise + sanitise', normalize);
  line('parse + normalise', whole);
  console.log(`target ≥ ${TARGET} items/s parsed on one core: ${rate(parse) >= TARGET ? 'met' : 'NOT met'} (parse), ${rate(whole) >= TARGET ? 'met' : 'not met'} (parse + normalise)`);
}

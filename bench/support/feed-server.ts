// The upstream stand-in for the ingestion benches, in its own process so a
// benchmark's RSS is the ingesting process alone. Prints its port.
//   /feed/{i}  answers with an ETag; 304 on a matching If-None-Match.
//   BENCH_LATENCY=50-200   added latency per response in ms (min-max); 0 = none
//   BENCH_GENERATIONS=1    with more than one, each request of a feed serves its
//                          next generation (new items, new ETag): every refresh
//                          then finds every feed changed.
//   BENCH_ITEM_HTML=1      each item carries 1–2 KB of article HTML (richFeed).
import http from 'node:http';
import { bigFeed, richFeed } from './ingest-fixtures';

const sources = Number(process.env.BENCH_SOURCES ?? 1000);
const perSource = Number(process.env.BENCH_ITEMS_PER_SOURCE ?? 20);
const generations = Math.max(1, Number(process.env.BENCH_GENERATIONS ?? 1));
const [minMs, maxMs] = (process.env.BENCH_LATENCY ?? '50-200').split('-').map(Number);
const latency = () => (minMs || maxMs ? minMs + Math.random() * ((maxMs ?? minMs) - minMs) : 0);
const feed = process.env.BENCH_ITEM_HTML === '1' ? richFeed : bigFeed;
const feeds = Array.from({ length: generations }, (_g, g) =>
  Array.from({ length: sources }, (_i, i) =>
    Buffer.from(feed(perSource, (g * sources + i) * perSource, `site${i}.example.org`)),
  ),
);
const served = new Uint32Array(sources);

const server = http.createServer((req, res) => {
  const i = Number(/\/feed\/(\d+)/.exec(req.url ?? '')?.[1]);
  const answer = () => {
    const generation = generations > 1 ? served[i]++ % generations : 0;
    const etag = `"v${generation}-${i}"`;
    if (generations === 1 && req.headers['if-none-match'] === etag)
      return void res.writeHead(304, { etag }).end();
    res
      .writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag })
      .end(feeds[generation][i]);
  };
  const wait = latency();
  if (wait > 0) setTimeout(answer, wait);
  else answer();
});
server.keepAliveTimeout = 30_000;
server.listen(0, '0.0.0.0', () =>
  process.send?.({ port: (server.address() as { port: number }).port }),
);
process.on('disconnect', () => process.exit(0));

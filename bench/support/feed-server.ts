// The upstream stand-in for bench/ingest-refresh.ts, in its own process so the
// benchmark's RSS is the ingesting process alone. Serves /feed/{i} with an ETag
// after 50–200 ms, 304 on a matching If-None-Match. Prints its port.
import http from 'node:http';
import { bigFeed } from './ingest-fixtures';

const sources = Number(process.env.BENCH_SOURCES ?? 1000);
const perSource = Number(process.env.BENCH_ITEMS_PER_SOURCE ?? 20);
const feeds = Array.from({ length: sources }, (_, i) =>
  Buffer.from(bigFeed(perSource, i * perSource, `site${i}.example.org`)),
);

const server = http.createServer((req, res) => {
  const i = Number(/\/feed\/(\d+)/.exec(req.url ?? '')?.[1]);
  const etag = `"v1-${i}"`;
  setTimeout(
    () => {
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
      res
        .writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag })
        .end(feeds[i]);
    },
    50 + Math.random() * 150,
  );
});
server.keepAliveTimeout = 30_000;
server.listen(0, '0.0.0.0', () =>
  process.send?.({ port: (server.address() as { port: number }).port }),
);
process.on('disconnect', () => process.exit(0));

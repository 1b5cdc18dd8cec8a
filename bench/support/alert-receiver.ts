// A webhook receiver for bench/alerts.ts, in a process of its own: answers 204
// and tells the parent when each delivery arrived (its id and the event's launch).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    res.writeHead(204).end();
    const at = performance.timeOrigin + performance.now();
    const body = JSON.parse(Buffer.concat(chunks).toString()) as {
      data?: { launch?: { id?: string } };
    };
    process.send?.({
      id: `${body.data?.launch?.id}:${String(req.headers['x-astrodash-delivery'])}`,
      at,
    });
  });
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => process.exit(0));

// The list call's throughput under load: autocannon, 50 connections for 20 s,
// against the bundled server in its own process on SQLite holding 1,000 feed
// sources and their 20,000 items (one refresh from the local feed server).
// autocannon runs in this process, the server in another; both share the machine.
//   npm run bench -- list-load     BENCH_CONNECTIONS=50 BENCH_DURATION=20
// Target (issue 10 §2): ≥ 2,000 requests/s on 2 cores, 0 errors.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { LIST_QUERY } from './support/list-query';
import { ROOT, bundleForBench, childNodeArgs, loadAverage } from './support/harness';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const TARGET = 2000;

export async function run(): Promise<void> {
  const bundle = await bundleForBench(['server-child.ts']);
  const server = spawn(
    process.execPath,
    [...childNodeArgs(), path.join(bundle, 'server-child.js')],
    {
      env: { ...process.env, BENCH_ROOT: ROOT, BENCH_PHASE: 'serve' },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  try {
    const { url, cookie, items } = await new Promise<{
      url: string;
      cookie: string;
      items: number;
    }>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line) as { url: string; cookie: string; items: number });
      });
      server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    console.log(
      `sqlite, ${items} items; ${CONNECTIONS} connections for ${DURATION} s; load average before: ${loadAverage()}`,
    );
    const result = await autocannon({
      url: `${url}/_api/news/list?${LIST_QUERY}`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { cookie, accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    });
    const errors = result.errors + result.non2xx + result.timeouts;
    console.log(
      `GET /_api/news/list: ${result.requests.average.toFixed(0)} req/s average (${result.requests.total} requests), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; errors ${result.errors}, non-2xx ${result.non2xx}, timeouts ${result.timeouts}`,
    );
    console.log(
      `target ≥ ${TARGET} req/s with 0 errors: ${result.requests.average >= TARGET && errors === 0 ? 'met' : 'NOT met'}; load average after: ${loadAverage()}`,
    );
  } finally {
    server.stdin.end();
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(bundle, { recursive: true, force: true });
  }
}

// npm run soak: 100 connections of mixed reads and writes for 60 s against a
// real server on SQLite (see test/helpers/soak.ts); fails on any error, any
// SQLITE_BUSY, or a WAL file that outgrows its bound.
//   SOAK_CONNECTIONS=100 SOAK_SECONDS=60 SOAK_ITEMS=20000
import os from 'node:os';
import { runSoak } from '../test/helpers/soak';

const WAL_BOUND_MB = 64;
const connections = Number(process.env.SOAK_CONNECTIONS ?? 100);
const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(
  `soak: ${connections} connections for ${seconds} s on SQLite; load average before: ${loadAverage()} on ${os.availableParallelism()} cores`,
);
const report = await runSoak({
  connections,
  durationMs: seconds * 1000,
  items: Number(process.env.SOAK_ITEMS ?? 20_000),
  log: (line) => console.log(line),
});
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `${report.requests} requests in ${report.seconds.toFixed(1)} s (${(report.requests / report.seconds).toFixed(0)}/s); errors ${report.errors}; SQLITE_BUSY ${report.sqliteBusy}; outside reads ${report.outsideReads}`,
);
for (const [op, s] of Object.entries(report.operations))
  console.log(`  ${op.padEnd(11)} ${String(s.requests).padStart(7)} requests, ${s.errors} errors`);
const every = Math.max(1, Math.floor(report.wal.length / 12));
console.log(
  `WAL over time: ${report.wal
    .filter((_, i) => i % every === 0 || i === report.wal.length - 1)
    .map(([t, b]) => `${(t / 1000).toFixed(0)} s ${mb(b)}`)
    .join(', ')}; max ${mb(report.walMaxBytes)}`,
);
for (const e of report.errorSamples) console.log(`  error: ${e}`);
console.log(`load average after: ${loadAverage()}`);
const ok =
  report.errors === 0 &&
  report.sqliteBusy === 0 &&
  report.walMaxBytes <= WAL_BOUND_MB * 1024 * 1024;
console.log(ok ? 'soak passed' : 'soak FAILED');
process.exit(ok ? 0 : 1);

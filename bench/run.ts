// `npm run bench [-- name…]`: runs every bench/*.ts module that exports run(),
// or only the named ones (e.g. `npm run bench -- news-list`). With more than one,
// each runs in its own process, so one bench's memory never shows up in the
// next one's peak RSS. Each bench prints the load average before and after it;
// BENCH_BUSY_CORES=1 keeps one core busy meanwhile (support/harness.ts, busyCores).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBench } from './support/harness';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2).map((n) => n.replace(/\.ts$/, ''));
const names = wanted.length
  ? wanted
  : fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
      .map((f) => f.replace(/\.ts$/, ''))
      .toSorted();

if (names.length === 1) {
  const [name] = names;
  const mod = (await import(pathToFileURL(path.join(dir, `${name}.ts`)).href)) as {
    run?: () => Promise<void>;
  };
  if (typeof mod.run === 'function') await runBench(name, mod.run);
} else {
  for (const name of names) {
    const child = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, name], {
      stdio: 'inherit',
    });
    if (child.status !== 0) process.exitCode = child.status ?? 1;
  }
}

// `npm run bench [-- name…]`: runs every bench/*.ts module that exports run(),
// or only the named ones (e.g. `npm run bench -- news-list`).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2).map((n) => n.replace(/\.ts$/, ''));
const names = wanted.length
  ? wanted
  : fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();

for (const name of names) {
  const mod = (await import(pathToFileURL(path.join(dir, `${name}.ts`)).href)) as { run?: () => Promise<void> };
  if (typeof mod.run !== 'function') continue;
  console.log(`\n=== bench: ${name} ===`);
  await mod.run();
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** A pair of server modules (top folders of src/server) that import each other. */
export interface ModuleCycle {
  from: string;
  to: string;
  /** Files of `from` that import files of `to`, and the reverse. */
  forward: string[];
  backward: string[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = 'src/server/';

function moduleOf(file: string): string | null {
  if (!file.startsWith(serverDir)) return null;
  const rest = file.slice(serverDir.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? null : rest.slice(0, slash);
}

/**
 * Bundles the server's entry (runtime imports only, as esbuild sees them) and
 * lists module pairs that import each other. `dir`: the project (tests point it at a fixture).
 */
export async function findModuleCycles(
  dir = root,
  entry = 'src/server/main.ts',
): Promise<ModuleCycle[]> {
  const result = await build({
    absWorkingDir: dir,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const edges = new Map<string, string[]>();
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    const from = moduleOf(file);
    if (from === null) continue;
    for (const imported of input.imports) {
      const to = moduleOf(imported.path);
      if (to === null || to === from) continue;
      const key = `${from}->${to}`;
      const files = edges.get(key) ?? [];
      files.push(`${file} -> ${imported.path}`);
      edges.set(key, files);
    }
  }
  const cycles: ModuleCycle[] = [];
  for (const [key, forward] of edges) {
    const [from, to] = key.split('->');
    if (from > to) continue;
    const backward = edges.get(`${to}->${from}`);
    if (backward) cycles.push({ from, to, forward, backward });
  }
  return cycles.toSorted((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = await findModuleCycles();
  for (const cycle of cycles) {
    console.log(`${cycle.from} <-> ${cycle.to}`);
    for (const line of [...cycle.forward, ...cycle.backward]) console.log(`  ${line}`);
  }
  if (cycles.length === 0) console.log('No cycles between server modules.');
  process.exitCode = cycles.length === 0 ? 0 : 1;
}

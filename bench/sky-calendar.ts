// Issue 28's figures: 5 days of satellite passes for a place (warm: the process
// has computed passes before, but never for this place) and the year's sky
// calendar (cold: the first ever in this process, so astronomy-engine's code is
// not yet compiled either; uncached in a warm process; and cached).
//
//   npm run bench -- sky-calendar
//   BENCH_ITERATIONS=100   places for the passes (default 100)
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { predictPasses, type Satellite } from '../src/server/sky/passes';
import { calendarEvents, clearCalendarCache } from '../src/server/sky/events';
import { parseTleText, toSatRec } from '../src/server/sky/tle';
import { loadAverage } from './support/harness';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const DAY = 86_400_000;

function timed<T>(fn: () => T): { ms: number; cpuMs: number; value: T } {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = fn();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, value };
}

const stats = (times: number[]) => {
  const sorted = times.toSorted((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `p50 ${p(0.5).toFixed(1)} ms  p99 ${p(0.99).toFixed(1)} ms  max ${sorted.at(-1)!.toFixed(1)} ms`;
};

export async function run() {
  console.log(`load average before: ${loadAverage()}`);
  // A year from now, as the page and the iCal feed ask for it (two calendar years).
  const from = Date.now();
  const to = from + 365 * DAY;
  const place = { latitude: 35.23, longitude: -80.84 };
  const cold = timed(() => calendarEvents(from, to, place));
  console.log(
    `calendar, a year, first call in the process: ${cold.ms.toFixed(0)} ms wall, ${cold.cpuMs.toFixed(0)} ms CPU, ${cold.value.length} events`,
  );
  const uncached: number[] = [];
  let uncachedCpu = 0;
  for (let i = 0; i < 5; i++) {
    clearCalendarCache();
    const r = timed(() => calendarEvents(from, to, place));
    uncached.push(r.ms);
    uncachedCpu += r.cpuMs;
  }
  console.log(
    `calendar, a year, uncached (warm process): ${stats(uncached)}  cpu ${(uncachedCpu / 5).toFixed(0)} ms/call`,
  );
  const cached: number[] = [];
  for (let i = 0; i < 100; i++) cached.push(timed(() => calendarEvents(from, to, place)).ms);
  console.log(`calendar, a year, cached: ${stats(cached)}`);
  const otherPlace: number[] = [];
  for (let i = 0; i < 20; i++)
    otherPlace.push(
      timed(() => calendarEvents(from, to, { latitude: 20 + i, longitude: -100 + i })).ms,
    );
  console.log(
    `calendar, a year, cached for everyone, a new place (eclipses' local circumstances): ${stats(otherPlace)}`,
  );

  // Passes: the recorded element sets with their epoch as recorded; five days from it.
  const text = fs.readFileSync(
    path.resolve(import.meta.dirname, '../test/fixtures/sky/celestrak-visual.tle'),
    'utf8',
  );
  const sets = parseTleText(text);
  const satellites: Satellite[] = [25544, 48274, 20580].map((id) => {
    const s = sets.find((x) => x.noradId === id)!;
    return { noradId: id, name: s.name, satrec: toSatRec(s)! };
  });
  const start = Date.parse('2025-07-20T00:00:00Z');
  // Warm-up: other places, so the code is compiled but no answer is reused.
  for (let i = 0; i < 20; i++)
    predictPasses(
      satellites,
      { latitude: -50 + i * 5, longitude: i * 17 },
      start,
      start + 5 * DAY,
      40,
    );
  for (const minimum of [40, 10]) {
    const times: number[] = [];
    const cpu = process.cpuUsage();
    let passes = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      const where = { latitude: -55 + ((i * 7.3) % 115), longitude: -180 + ((i * 37.1) % 360) };
      const r = timed(() => predictPasses(satellites, where, start, start + 5 * DAY, minimum));
      times.push(r.ms);
      passes += r.value.length;
    }
    const used = process.cpuUsage(cpu);
    console.log(
      `passes, 3 satellites, 5 days, minimum ${minimum}°, warm, ${ITERATIONS} places: ${stats(times)}  cpu ${((used.user + used.system) / 1000 / ITERATIONS).toFixed(1)} ms/call, ${(passes / ITERATIONS).toFixed(1)} passes/place`,
    );
  }
  console.log(`load average after: ${loadAverage()}`);
  await Promise.resolve();
}

// The header strip's server-side work, per call and without the network:
// the Moon for a place (astronomy-engine searches), the weather answer from a
// recorded Open-Meteo payload (units, score, tonight's darkness and Moon), the
// SWPC parsing of a full-size OVATION aurora grid, and the first ZIP lookup
// (loading the 41,000-code table).
//
//   npm run bench -- sky
//   BENCH_ITERATIONS=200   calls per scenario (default 200)
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { moonPhaseAt } from '../src/server/sky/moon';
import { forecastSchema } from '../src/server/sky/open-meteo';
import { aurora } from '../src/server/sky/swpc';
import { presentWeather } from '../src/server/sky/weather';
import { lookupZip } from '../src/server/sky/zip';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../test/fixtures/recorded', name), 'utf8');

function measure(name: string, fn: (i: number) => void) {
  fn(0); // warm-up
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 1; i <= ITERATIONS; i++) {
    const t = performance.now();
    fn(i);
    times.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const cpuMs = (used.user + used.system) / 1000 / ITERATIONS;
  console.log(
    `${name.padEnd(34)} p50 ${p(0.5).toFixed(2)} ms  p99 ${p(0.99).toFixed(2)} ms  cpu ${cpuMs.toFixed(2)} ms/call`,
  );
}

export async function run() {
  const t = performance.now();
  const place = lookupZip('28202');
  console.log(`first ZIP lookup (loads the table)  ${(performance.now() - t).toFixed(1)} ms`);
  if (!place) throw new Error('28202 missing');
  measure('ZIP lookup', () => lookupZip('90210'));

  const start = Date.parse('2026-01-01T00:00:00Z');
  measure('moon phase (new instant each call)', (i) => {
    moonPhaseAt(new Date(start + i * 3_600_000), place.latitude, place.longitude);
  });

  const forecast = forecastSchema.parse(JSON.parse(fixture('open-meteo-forecast.json')));
  measure('weather answer (incl. tonight)', () => presentWeather(forecast, place));

  // A full-size OVATION grid (360 × 181 points, ~0.9 MB) built from the trimmed recording's shape.
  const recorded = JSON.parse(fixture('swpc-ovation-aurora-latest.json')) as Record<
    string,
    unknown
  >;
  const coordinates: number[][] = [];
  for (let lon = 0; lon < 360; lon++)
    for (let lat = -90; lat <= 90; lat++) coordinates.push([lon, lat, (lon * 7 + lat * 13) % 40]);
  const full = { ...recorded, coordinates };
  measure('aurora max over 65,160 points', () => aurora(full));
  await Promise.resolve();
}

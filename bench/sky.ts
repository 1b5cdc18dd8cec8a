// The header strip's server-side work, per call and without the network:
// the Moon for a place (astronomy-engine searches), the weather answer from a
// recorded Open-Meteo payload (units, score, tonight's darkness and Moon), the
// SWPC parsing of a full-size OVATION aurora grid, and the first ZIP lookup
// (loading the 41,000-code table). Issue 28: the Tonight verdict and aurora tier
// for a place from data in memory, and GET /_api/sky/tonight over HTTP against a
// real server with its upstream caches warm (target ≤ 50 ms); the offline city list.
//
//   npm run bench -- sky
//   BENCH_ITERATIONS=200   calls per scenario (default 200)
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { createSignedInUser } from '../test/helpers/factories';
import { FixtureServer } from '../test/helpers/fixture-server';
import { CHARLOTTE, nightAirQuality, nightForecast } from '../test/helpers/night-fixtures';
import { startTestServer } from '../test/helpers/server';
import { routeSwpc } from '../test/helpers/sky-fixtures';
import { airQualitySchema, toAirQuality } from '../src/server/sky/air-quality';
import { ovationGrid } from '../src/server/sky/aurora';
import { nearestCity, searchCities } from '../src/server/sky/cities';
import { moonPhaseAt } from '../src/server/sky/moon';
import { auroraTonight } from '../src/server/sky/tonight-answer';
import { decideVerdict } from '../src/server/sky/verdict';
import { forecastSchema } from '../src/server/sky/open-meteo';
import { aurora } from '../src/server/sky/swpc';
import { presentWeather } from '../src/server/sky/weather';
import { lookupZip } from '../src/server/sky/zip';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../test/fixtures/recorded', name), 'utf8');

/** Times `fn` (awaited when it answers a promise: the city list's calls do). */
async function measure(name: string, fn: (i: number) => unknown) {
  await fn(0); // warm-up
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 1; i <= ITERATIONS; i++) {
    const t = performance.now();
    await fn(i);
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
  await measure('ZIP lookup', () => lookupZip('90210'));

  const start = Date.parse('2026-01-01T00:00:00Z');
  await measure('moon phase (new instant each call)', (i) => {
    moonPhaseAt(new Date(start + i * 3_600_000), place.latitude, place.longitude);
  });

  const forecast = forecastSchema.parse(JSON.parse(fixture('open-meteo-forecast.json')));
  await measure('weather answer (incl. tonight)', () => presentWeather(forecast, place));

  // A full-size OVATION grid (360 × 181 points, ~0.9 MB) built from the trimmed recording's shape.
  const recorded = JSON.parse(fixture('swpc-ovation-aurora-latest.json')) as Record<
    string,
    unknown
  >;
  const coordinates: number[][] = [];
  for (let lon = 0; lon < 360; lon++)
    for (let lat = -90; lat <= 90; lat++) coordinates.push([lon, lat, (lon * 7 + lat * 13) % 40]);
  const full = { ...recorded, coordinates };
  await measure('aurora max over 65,160 points', () => aurora(full));

  await tonight(full);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

const NIGHT = '2026-09-13T15:00';
/** Low cloud until 1 AM, then clear: reasons, a best window, every rule at work. */
const hour = (t: string) => (t < '2026-09-14T01:00' ? { low: 80, mid: 30 } : { high: 10 });

async function tonight(ovationPayload: unknown) {
  const sky = {
    cloudWeights: { low: 0.5, mid: 0.3, high: 0.2 },
    hazeCap: 0.5,
    geomagneticModel: 'wmm' as const,
    geomagneticPole: { latitude: 80.8, longitude: -72.8 },
  };
  const forecast = forecastSchema.parse(
    JSON.parse(nightForecast({ ...CHARLOTTE, current: NIGHT, hour })),
  );
  const air = toAirQuality(
    airQualitySchema.parse(JSON.parse(nightAirQuality({ ...CHARLOTTE, current: NIGHT }))),
  );
  const ovation = ovationGrid(ovationPayload);
  const kpRows = Array.from({ length: 56 }, (_, i) => ({
    kp: (i % 9) * 0.67,
    time: new Date(Date.parse('2026-09-10T00:00:00Z') + i * 3 * 3_600_000),
  }));
  const inputs = { kpRows, latest: kpRows[20], ovation, error: null };
  const place = { ...CHARLOTTE, units: 'us' as const };
  await measure('verdict + aurora tier (in memory)', () => {
    const v = decideVerdict({
      forecast,
      airQuality: air,
      place,
      weights: sky.cloudWeights,
      hazeCap: 0.5,
    });
    auroraTonight(place, v.night, v.reference, inputs, sky);
  });

  let t = performance.now();
  await searchCities('tromso');
  console.log(
    `first city search (loads the list on its thread) ${(performance.now() - t).toFixed(1)} ms`,
  );
  await measure('city search "lon"', () => searchCities('lon'));
  await measure('nearest city (names coordinates)', (i) => nearestCity(40 + (i % 20), -100 + i));

  // Over HTTP: a real server on SQLite, its upstreams on a local fixture server.
  const fixtures = await FixtureServer.start();
  fixtures.route('/v1/forecast', {
    body: nightForecast({ ...CHARLOTTE, current: NIGHT, hour }),
    type: 'application/json',
  });
  fixtures.route('/v1/air-quality', {
    body: nightAirQuality({ ...CHARLOTTE, current: NIGHT }),
    type: 'application/json',
  });
  routeSwpc(fixtures);
  fixtures.route('/json/ovation_aurora_latest.json', {
    body: JSON.stringify(ovationPayload),
    type: 'application/json',
  });
  const server = await startTestServer({
    env: {
      OPEN_METEO_URL: fixtures.url,
      OPEN_METEO_AIR_QUALITY_URL: fixtures.url,
      SWPC_URL: fixtures.url,
    },
  });
  try {
    const { client } = await createSignedInUser(server, { zipCode: '28202' });
    t = performance.now();
    const first = await client.get('/_api/sky/tonight');
    if (first.status !== 200) throw new Error(`tonight answered ${first.status}`);
    console.log(
      `GET /_api/sky/tonight cold (fills the caches) ${(performance.now() - t).toFixed(1)} ms`,
    );
    const times: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < ITERATIONS; i++) {
      const at = performance.now();
      const res = await client.get('/_api/sky/tonight');
      if (res.status !== 200) throw new Error(`tonight answered ${res.status}`);
      times.push(performance.now() - at);
    }
    const used = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    console.log(
      `${'GET /_api/sky/tonight warm'.padEnd(34)} p50 ${p(0.5).toFixed(2)} ms  p99 ${p(0.99).toFixed(2)} ms  cpu ${((used.user + used.system) / 1000 / ITERATIONS).toFixed(2)} ms/call (server and client)`,
    );
  } finally {
    await server.close();
    await fixtures.close();
  }
}

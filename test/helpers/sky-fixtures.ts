// Routes that replay recorded Open-Meteo and SWPC payloads on the fixture server.
// SWPC files keep a rolling window, so the time-sensitive ones (Kp forecast,
// alerts) are replayed with their time tags moved to lie around now, as a live
// capture taken today would: the forecast by whole days (its rows keep their
// 3-hour slots), the alerts by whole hours (their 24-hour window must end where
// the recording did, whatever the time of day the tests run).
import type { FixtureServer } from './fixture-server';
import { readFixture } from './fixture-server';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Moves every "YYYY-MM-DD[ T]HH:MM:SS…" time tag in the text by `ms`. */
export function shiftTimeTags(text: string, ms: number): string {
  return text.replace(/(\d{4}-\d{2}-\d{2})([ T])(\d{2}:\d{2}:\d{2})/g, (_m, d, sep, t) => {
    const shifted = new Date(Date.parse(`${d}T${t}Z`) + ms).toISOString();
    return `${shifted.slice(0, 10)}${sep}${shifted.slice(11, 19)}`;
  });
}

/** From `anchor` (the end of the recording) to now, rounded down to whole `unit`s, in ms. */
const untilNow = (anchor: string, unit: number) =>
  Math.floor((Date.now() - Date.parse(anchor)) / unit) * unit;

export const SWPC_FILES = {
  '/products/noaa-planetary-k-index.json': 'swpc-noaa-planetary-k-index-2026-objects.json',
  '/json/planetary_k_index_1m.json': 'swpc-planetary-k-index-1m.json',
  '/json/goes/primary/xrays-1-day.json': 'swpc-goes-xrays-1-day.json',
  '/json/goes/primary/xray-flares-latest.json': 'swpc-goes-xray-flares-latest.json',
  '/json/ovation_aurora_latest.json': 'swpc-ovation-aurora-latest.json',
} as const;

export function routeSwpc(fixtures: FixtureServer) {
  for (const [path, file] of Object.entries(SWPC_FILES)) fixtures.route(path, { file });
  // The forecast's predicted rows start 2026-02-09 15:00 UTC; the alerts were issued 2026-06-13.
  fixtures.route('/products/noaa-planetary-k-index-forecast.json', {
    body: shiftTimeTags(
      readFixture('swpc-noaa-planetary-k-index-forecast-2026-objects.json').toString('utf8'),
      untilNow('2026-02-09T16:00:00Z', DAY_MS),
    ),
    type: 'application/json',
  });
  fixtures.route('/products/alerts.json', {
    body: shiftTimeTags(
      readFixture('swpc-alerts.json').toString('utf8'),
      untilNow('2026-06-13T22:00:00Z', HOUR_MS),
    ),
    type: 'application/json',
  });
}

export function routeOpenMeteo(fixtures: FixtureServer) {
  fixtures.route('/v1/forecast', { file: 'open-meteo-forecast.json' });
}

// The upstreams the replay's sky module reads, on a fixture server: SWPC's
// recorded products, with the planetary Kp forecast's rows (the recorded
// product's shape) written for the scenario's week and storms; Open-Meteo
// forecasts for each user's place (the recorded payload, its hourly block
// written for nine days: clear but for the scenario's cloudy evenings) and
// the constructed air-quality answer; and the real sky module's answers the
// replay expects, worked out from the same payloads.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localParts } from '../../../src/server/local-time';
import { coarse, passId } from '../../../src/server/alerts/sky-sources';
import { loadConfig } from '../../../src/server/config';
import type { DB } from '../../../src/server/db/database';
import { auroraNow, createIssPasses, skyEventsOfDay } from '../../../src/server/sky/at-places';
import type { SkyPlace } from '../../../src/server/sky/place';
import { kpForecastRows } from '../../../src/server/sky/swpc';
import { FixtureServer, readFixture } from '../../helpers/fixture-server';
import { nightAirQuality, nightForecast } from '../../helpers/night-fixtures';
import { SWPC_FILES } from '../../helpers/sky-fixtures';
import { kpAt, mornings, type ReplayUser, type Scenario } from './alerts-scenario';

const H = 3_600_000;
const DAY = 24 * H;
const FORECAST_DAYS = 10;

/** The Kp forecast product for the week: a row per 3-hour period, two days either side. */
export function kpForecast(s: Scenario): string {
  const recorded = JSON.parse(
    readFixture('swpc-noaa-planetary-k-index-forecast-2026-objects.json').toString('utf8'),
  ) as Record<string, unknown>[];
  const template = recorded[0];
  const rows = [];
  for (let t = Math.floor(s.start / DAY) * DAY - 2 * DAY; t < s.end + 2 * DAY; t += 3 * H)
    rows.push({
      ...template,
      time_tag: new Date(t).toISOString().slice(0, 19),
      kp: kpAt(s, t),
      observed: 'predicted',
      noaa_scale: kpAt(s, t) >= 5 ? `G${Math.min(5, Math.floor(kpAt(s, t)) - 4)}` : null,
    });
  return JSON.stringify(rows);
}

const offsetSeconds = (zone: string, at: number) => {
  const p = localParts(at, zone);
  const [y, m, d] = p.date.split('-').map(Number);
  return (Date.UTC(y, m - 1, d, 0, p.minutes) - Math.floor(at / 60_000) * 60_000) / 1000;
};

/** The user's Open-Meteo answer: clear all week but the nights of their cloudy evenings. */
function forecastFor(s: Scenario, index: number) {
  const user = s.users[index];
  const first = localParts(s.start - DAY, user.zone).date;
  const overcast = new Set(s.cloudy[index]);
  const place = {
    latitude: user.latitude,
    longitude: user.longitude,
    timezone: user.zone,
    utcOffsetSeconds: offsetSeconds(user.zone, s.start),
    current: `${first}T15:00`,
    hours: FORECAST_DAYS * 24,
  };
  return {
    forecast: nightForecast({
      ...place,
      // An evening's night runs from its noon to the next day's.
      hour: (local) => {
        const day = local.slice(0, 10);
        const night = Number(local.slice(11, 13)) >= 12 ? day : previousDate(day);
        return overcast.has(night) ? { low: 100, mid: 100 } : {};
      },
    }),
    air: nightAirQuality({ ...place, aod: () => 0.1 }),
  };
}

function previousDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export async function startSkyUpstreams(s: Scenario): Promise<FixtureServer> {
  const fixtures = await FixtureServer.start();
  for (const [path, file] of Object.entries(SWPC_FILES)) fixtures.route(path, { file });
  fixtures.route('/products/noaa-planetary-k-index-forecast.json', {
    body: kpForecast(s),
    type: 'application/json',
  });
  fixtures.route('/products/alerts.json', { file: 'swpc-alerts.json' });
  const answers = s.users.map((_, i) => forecastFor(s, i));
  const nearest = (url: URL) => {
    const lat = Number(url.searchParams.get('latitude'));
    let best = 0;
    s.users.forEach((u, i) => {
      if (Math.abs(u.latitude - lat) < Math.abs(s.users[best].latitude - lat)) best = i;
    });
    return answers[best];
  };
  const json = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  };
  fixtures.route('/v1/forecast', (_req: IncomingMessage, res: ServerResponse, url: URL) =>
    json(res, nearest(url).forecast),
  );
  fixtures.route('/v1/air-quality', (_req: IncomingMessage, res: ServerResponse, url: URL) =>
    json(res, nearest(url).air),
  );
  return fixtures;
}

/** The user's place as the alerts' sky sources round it. */
const placeOf = (u: ReplayUser): SkyPlace =>
  coarse({
    kind: 'coordinates',
    zipCode: null,
    latitude: u.latitude,
    longitude: u.longitude,
    name: u.email,
    timeZone: u.zone,
    units: 'metric',
  });

const auroraInputs = (s: Scenario) => ({
  kpRows: kpForecastRows(JSON.parse(kpForecast(s))),
  latest: null,
  ovation: null,
  error: null,
});

/** The tier the sky module gives the user's place at `t` (none of SWPC's other products counts then). */
export function auroraTierAt(s: Scenario, user: ReplayUser, t: number) {
  return auroraNow(placeOf(user), auroraInputs(s), loadConfig({ DATA_DIR: '/tmp' }).sky, t).tier;
}

/** The ISS's visible passes over each user's place in the week, as the alerts see them. */
export async function passesOverUsers(db: DB, s: Scenario, minElevation: number) {
  const at = createIssPasses(db);
  return Promise.all(
    s.users.map(async (user) => {
      const found = new Map<string, number>();
      for (let t = s.start; t < s.end + 6 * H; t += 3 * H) {
        for (const p of (await at(t))(placeOf(user), minElevation))
          found.set(passId(p.noradId, Date.parse(p.rise)), Date.parse(p.visibleFrom));
      }
      return [...found].map(([id, start]) => ({ id, start }));
    }),
  );
}

/** The sky events each user hears of at 09:00: the local day's, from an hour before on. */
export function morningEvents(s: Scenario, index: number) {
  const user = s.users[index];
  return mornings(s, index).flatMap((m) =>
    skyEventsOfDay(placeOf(user), user.zone, m.at + 5 * 60_000)
      .filter((e) => Date.parse(e.at) > m.at - H && e.date === m.date)
      .map((e) => ({ id: e.id, at: m.at, date: m.date })),
  );
}

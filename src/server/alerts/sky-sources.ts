// The sky's alert sources: aurora, tonight, passes and sky events for the users
// with rules. Many users share a place (a ZIP code is one point; neighbours pick
// the same city), so users are grouped by place and each place is asked once per
// look (figures: bench/alerts.ts). Tonight's verdict reads upstream forecasts, so
// its places are the sky service's own cache keys: the alert says what the
// user's page says, from the same cached answer. The rest is computed offline,
// so places are rounded to 0.1° (about 11 km: the aurora tier, the Sun's
// altitude and a pass's minute do not change over that distance).
import { findUserPlaces } from '../auth/users';
import type { Config } from '../config';
import type { DB } from '../db/database';
import { auroraNow, createIssPasses, skyEventsOfDay, tonightAtPlace } from '../sky/at-places';
import { placeKey, placeOf, type SkyPlace } from '../sky/place';
import type { SkyService } from '../sky/service';
import { minPassElevations } from '../sky/sky-repository';
import type { AlertSources } from './sources';
import type { Pass, SkyEvent, TonightState } from './triggers/types';

type Row = Awaited<ReturnType<typeof findUserPlaces>>[number];

/** Users' places; users without one are left out. Each distinct place is resolved once. */
export async function placesOfUsers(db: DB, userIds: number[]): Promise<Map<number, SkyPlace>> {
  const rows = await findUserPlaces(db, userIds);
  const resolved = new Map<string, SkyPlace | null>();
  const out = new Map<number, SkyPlace>();
  for (const row of rows) {
    const key = rowKey(row);
    let place = resolved.get(key);
    if (place === undefined) resolved.set(key, (place = placeOf(row)));
    if (place) out.set(row.id, place);
  }
  return out;
}

const rowKey = (r: Row) =>
  r.zip_code
    ? `zip:${r.zip_code}:${r.units}`
    : `at:${r.latitude}:${r.longitude}:${r.place_name}:${r.time_zone}:${r.units}`;

const tenth = (n: number) => Math.round(n * 10) / 10;

/** A place rounded to 0.1°, keeping its zone and units. */
export function coarse(place: SkyPlace): SkyPlace {
  return { ...place, latitude: tenth(place.latitude), longitude: tenth(place.longitude) };
}
const coarseKey = (p: SkyPlace) => `${tenth(p.latitude)},${tenth(p.longitude)}`;

/** Each user's answer, worked out once per place key. */
function perPlace<T>(
  places: Map<number, SkyPlace>,
  key: (place: SkyPlace, userId: number) => string,
  compute: (place: SkyPlace, userId: number) => T,
): Map<number, T> {
  const done = new Map<string, T>();
  const out = new Map<number, T>();
  for (const [userId, place] of places) {
    const k = key(place, userId);
    if (!done.has(k)) done.set(k, compute(place, userId));
    out.set(userId, done.get(k) as T);
  }
  return out;
}

/** Upstream-bound work per place, a few at a time (the fetch client queues the rest anyway). */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
const compass = (azimuth: number) => COMPASS[Math.round((((azimuth % 360) + 360) % 360) / 45) % 8];

/**
 * A pass's identity: the satellite and its rise to the nearest 10 minutes (two
 * passes of one satellite are an orbit apart), so a new element set that moves
 * the rise by seconds does not make the same pass new.
 */
export const passId = (noradId: number, rise: number) =>
  `${noradId}:${new Date(Math.round(rise / 600_000) * 600_000).toISOString()}`;

export function skySources(deps: {
  db: DB;
  config: Config;
  sky: SkyService;
}): Pick<AlertSources, 'aurora' | 'tonight' | 'passes' | 'skyEvents'> {
  const { db, config, sky } = deps;
  const issPasses = createIssPasses(db);

  return {
    async aurora(userIds, now) {
      const places = await placesOfUsers(db, userIds);
      if (places.size === 0) return new Map();
      const inputs = await sky.auroraInputs();
      return perPlace(places, coarseKey, (place) => {
        const { tier, sunAltitude } = auroraNow(coarse(place), inputs, config.sky, now);
        return { tier, sunAltitude };
      });
    },

    async tonight(userIds, now) {
      const places = await placesOfUsers(db, userIds);
      const byKey = new Map<string, SkyPlace>();
      for (const place of places.values()) byKey.set(`${placeKey(place)}|${place.timeZone}`, place);
      const answers = new Map<string, TonightState | null>();
      await eachLimited([...byKey], 4, async ([key, place]) => {
        const answer = await tonightAtPlace(sky, config, place, now);
        answers.set(
          key,
          answer && {
            date: answer.date,
            verdict: answer.verdict === 'marginal' ? 'maybe' : answer.verdict,
            summary: answer.summary,
          },
        );
      });
      const out = new Map<number, TonightState>();
      for (const [userId, place] of places) {
        const state = answers.get(`${placeKey(place)}|${place.timeZone}`);
        if (state) out.set(userId, state);
      }
      return out;
    },

    async passes(userIds, now) {
      const places = await placesOfUsers(db, userIds);
      if (places.size === 0) return new Map();
      const [at, minimums] = await Promise.all([
        issPasses(now),
        minPassElevations(db, [...places.keys()]),
      ]);
      const minimum = (userId: number) => minimums.get(userId) ?? 40;
      return perPlace(
        places,
        (place, userId) => `${coarseKey(place)}|${minimum(userId)}`,
        (place, userId): Pass[] =>
          at(coarse(place), minimum(userId)).map((p) => ({
            id: passId(p.noradId, Date.parse(p.rise)),
            satellite: p.satellite,
            start: Date.parse(p.visibleFrom),
            end: Date.parse(p.visibleUntil),
            maxElevation: p.visibleMaxElevation,
            visible: true,
            startDirection: compass(p.riseAzimuth),
            endDirection: compass(p.setAzimuth),
          })),
      );
    },

    async skyEvents(userIds, now) {
      const places = await placesOfUsers(db, userIds);
      return perPlace(
        places,
        (place) => `${coarseKey(place)}|${place.timeZone}`,
        (place): SkyEvent[] =>
          skyEventsOfDay(coarse(place), place.timeZone, now).map((e) => ({
            id: e.id,
            title: e.title,
            start: Date.parse(e.at),
            date: e.date,
            description: e.description,
          })),
      );
    },
  };
}

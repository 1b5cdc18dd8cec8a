// The sky at one place, as the alerts engine asks for it (alerts/sky-sources.ts
// groups its users by place and asks once per place): the aurora tier now with
// the Sun's altitude, tonight's verdict, the ISS's visible passes in the next
// hours, and the sky events of the local day. Upstreams are read only through
// the SkyService's shared caches, so a place costs the same whether one user
// or a thousand live there, and the same as the user's own page.
import { Body, Equator, Horizon, Observer } from 'astronomy-engine';
import type { SatRec } from 'satellite.js';
import type { SatellitePass } from '../../shared/sky-calendar';
import type { AuroraTier } from '../../shared/sky-tonight';
import type { Config } from '../config';
import type { DB } from '../db/database';
import { localParts } from '../local-time';
import { LruMap } from '../lru-map';
import { geomagneticLatitude, higherTier, kpTier, ovationAt, ovationTier } from './aurora';
import { calendarEvents, type CalendarEvent } from './events';
import { predictPasses, type Satellite } from './passes';
import type { SkyPlace } from './place';
import type { AuroraInputs, SkyService } from './service';
import { loadElementSets, toSatRec } from './tle';
import { tonightAnswer } from './tonight-answer';

const HOUR = 3_600_000;

type Point = Pick<SkyPlace, 'latitude' | 'longitude'>;

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export const localDate = (at: number, timeZone: string) => localParts(at, timeZone).date;

/** The Sun's apparent altitude at a place, degrees (refraction included). */
export function sunAltitude(place: Point, at: number): number {
  const observer = new Observer(place.latitude, place.longitude, 0);
  const date = new Date(at);
  const eq = Equator(Body.Sun, date, observer, true, true);
  return Horizon(date, observer, eq.ra, eq.dec, 'normal').altitude;
}

/**
 * The Kp that holds now: the 3-hour period of the forecast product under way
 * (observed, estimated or predicted), raised by the latest observation when
 * that is from the last three hours (the 1-minute estimate leads in a storm).
 */
export function kpNow(inputs: AuroraInputs, now: number): number | null {
  let kp: number | null = null;
  for (const row of inputs.kpRows) {
    const t = row.time.getTime();
    if (t <= now && now < t + 3 * HOUR) kp = row.kp;
  }
  const latest = inputs.latest;
  if (latest && latest.time.getTime() <= now && now - latest.time.getTime() < 3 * HOUR)
    kp = Math.max(kp ?? 0, latest.kp);
  return kp;
}

/** OVATION's nowcast counts from an hour before its forecast time to two after it. */
const nowcastCounts = (inputs: AuroraInputs, now: number) => {
  const t = inputs.ovation?.forecastTime?.getTime();
  return t !== undefined && now >= t - HOUR && now <= t + 2 * HOUR;
};

/** The aurora tier at the place now, and how high the Sun is there. */
export function auroraNow(
  place: Point,
  inputs: AuroraInputs,
  sky: Config['sky'],
  now: number,
): { tier: AuroraTier; kp: number | null; sunAltitude: number } {
  const magnetic = geomagneticLatitude(
    place.latitude,
    place.longitude,
    { model: sky.geomagneticModel, pole: sky.geomagneticPole },
    new Date(now),
  );
  const kp = kpNow(inputs, now);
  const probability =
    inputs.ovation && nowcastCounts(inputs, now)
      ? ovationAt(inputs.ovation, place.latitude, place.longitude)
      : null;
  const tier = higherTier(kp === null ? 'none' : kpTier(magnetic, kp), ovationTier(probability));
  return { tier, kp, sunAltitude: sunAltitude(place, now) };
}

export interface TonightAtPlace {
  /** The local date of the evening the night begins on. */
  date: string;
  verdict: 'go' | 'marginal' | 'no-go';
  /** The dashboard's one line ("Go: clear and dark 9:00 PM–3:00 AM."). */
  summary: string;
}

/** Tonight's verdict at the place as of `now` (the page's own answer); null without a forecast. */
export async function tonightAtPlace(
  sky: SkyService,
  config: Config,
  place: SkyPlace,
  now: number,
): Promise<TonightAtPlace | null> {
  const answer = await tonightAnswer(sky, config, place, new Date(now));
  if ('error' in answer) return null;
  const start = answer.darkness.start ? Date.parse(answer.darkness.start) : now;
  return {
    date: localDate(start, place.timeZone),
    verdict: answer.verdict,
    summary: answer.summary,
  };
}

/** The ISS's NORAD catalogue number: its passes are the ones alerted. */
export const ISS_NORAD_ID = 25544;
/**
 * Passes are worked out in fixed blocks of time, each pass in the block it rises
 * in: a pass is always computed from the same start, so its times (and the
 * alert's identity made from them) are the same at every look.
 */
const PASS_BLOCK = 3 * HOUR;

/**
 * The ISS's visible passes at places, from the stored element sets. `load(now)`
 * reads the sets once; the function it returns answers each place with the
 * passes rising in this block and the next, each block kept per place, minimum
 * elevation and element set, so the job that looks every minute computes a
 * place's passes once a block.
 */
export function createIssPasses(db: DB) {
  const records = new LruMap<string, SatRec | null>({ maxEntries: 20 });
  const blocks = new LruMap<string, SatellitePass[]>({ maxEntries: 20_000 });
  return async function load(now: number) {
    const sets = await loadElementSets(db, [ISS_NORAD_ID]);
    const satellites: Satellite[] = [];
    for (const set of sets) {
      const key = `${set.line1}\n${set.line2}`;
      let rec = records.get(key);
      if (rec === undefined) records.set(key, (rec = toSatRec(set)));
      if (rec) satellites.push({ noradId: set.noradId, name: 'ISS', satrec: rec });
    }
    const first = Math.floor(now / PASS_BLOCK) * PASS_BLOCK;
    const epochs = sets.map((s) => s.epoch).join(',');
    const block = (place: Point, minElevation: number, from: number) => {
      const key = `${place.latitude},${place.longitude}|${minElevation}|${from}|${epochs}`;
      let passes = blocks.get(key);
      if (!passes)
        blocks.set(
          key,
          (passes = predictPasses(satellites, place, from, from + PASS_BLOCK, minElevation)),
        );
      return passes;
    };
    return (place: Point, minElevation: number): SatellitePass[] =>
      satellites.length === 0
        ? []
        : [...block(place, minElevation, first), ...block(place, minElevation, first + PASS_BLOCK)];
  };
}

/**
 * The calendar's events of the local day at the place (the day `now` falls on
 * in `timeZone`), leaving out eclipses that cannot be seen from there.
 */
export function skyEventsOfDay(
  place: Point,
  timeZone: string,
  now: number,
): (CalendarEvent & { date: string })[] {
  const today = localDate(now, timeZone);
  return calendarEvents(now - 36 * HOUR, now + 36 * HOUR, place)
    .map((e) => ({ ...e, date: localDate(Date.parse(e.at), timeZone) }))
    .filter((e) => e.date === today && e.details.visibleHere !== false);
}

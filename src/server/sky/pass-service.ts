// GET /_api/sky/passes's work: the stored element sets of the configured
// satellites (PASS_SATELLITES), their SGP4 records kept while the sets do not
// change, and the next 5 days of passes at a place. Answers are kept for ten
// minutes per place, minimum and element sets; the computation itself takes a
// few milliseconds warm (bench/sky-passes.ts).
import type { SatRec } from 'satellite.js';
import {
  PASS_DAYS,
  type ObserverPlace,
  type SatellitePass,
  type SatellitePassesResponse,
} from '../../shared/sky-calendar';
import type { Config } from '../config';
import type { DB } from '../db/database';
import { LruMap } from '../lru-map';
import { predictPasses, type Satellite } from './passes';
import { loadElementSets, toSatRec } from './tle';

const DAY = 86_400_000;
const SLOT = 10 * 60_000;

export function createPassService(config: Config, db: DB) {
  const records = new LruMap<string, SatRec | null>({ maxEntries: 200 });
  const answers = new LruMap<string, SatellitePass[]>({ maxEntries: 2000 });

  return async function passesAt(
    place: ObserverPlace,
    minElevation: number,
    now: number,
  ): Promise<SatellitePassesResponse> {
    const sets = await loadElementSets(db, config.passSatellites);
    const satellites: Satellite[] = [];
    for (const set of sets) {
      const key = `${set.line1}\n${set.line2}`;
      let rec = records.get(key);
      if (rec === undefined) records.set(key, (rec = toSatRec(set)));
      if (rec) satellites.push({ noradId: set.noradId, name: set.name, satrec: rec });
    }
    const from = Math.floor(now / SLOT) * SLOT;
    const to = from + PASS_DAYS * DAY;
    const key = [
      place.latitude.toFixed(3),
      place.longitude.toFixed(3),
      minElevation,
      from,
      ...sets.map((s) => `${s.noradId}:${s.epoch}`),
    ].join('|');
    let passes = answers.get(key);
    if (!passes)
      answers.set(key, (passes = predictPasses(satellites, place, from, to, minElevation)));
    return {
      passes,
      place,
      minElevation,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      tles: sets.map((s) => ({
        noradId: s.noradId,
        name: s.name,
        epoch: new Date(s.epoch).toISOString(),
      })),
      tleFetchedAt: sets.length
        ? new Date(Math.max(...sets.map((s) => s.fetchedAt))).toISOString()
        : null,
    };
  };
}

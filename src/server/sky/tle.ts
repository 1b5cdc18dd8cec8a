// Two-line element sets from CelesTrak: parsed from the text it serves (name line,
// line 1, line 2), checked line by line (length, checksum, catalogue number, an
// orbit SGP4 accepts), stored by the 12-hourly `sky-tles` job and read back for
// the pass predictions. Reading is one pass over lines: linear, and capped.
import { SatRecError, twoline2satrec, type SatRec } from 'satellite.js';
import { z } from 'zod';
import type { Config } from '../config';
import type { DB } from '../db/database';
import { operatorHttp } from '../net/guarded-http';

/** CelesTrak's "100 (or so) brightest" group: the ISS, Tiangong, Hubble and the bright rocket bodies. */
export const CELESTRAK_PATH = '/NORAD/elements/gp.php?GROUP=visual&FORMAT=tle';
/** More element sets than any group CelesTrak serves for naked-eye satellites. */
const MAX_SETS = 2000;
const MAX_TEXT = 2_000_000;

export interface ElementSet {
  noradId: number;
  name: string;
  line1: string;
  line2: string;
  /** Epoch milliseconds. */
  epoch: number;
}

/** The modulo-10 checksum of a TLE line: digits count, minus signs count 1. */
export function tleChecksum(line: string): number {
  let sum = 0;
  for (let i = 0; i < 68; i++) {
    const c = line.charCodeAt(i);
    if (c >= 48 && c <= 57) sum += c - 48;
    else if (c === 45) sum += 1;
  }
  return sum % 10;
}

const tleLine = (n: '1' | '2') =>
  z
    .string()
    .length(69)
    .refine((l) => l.startsWith(`${n} `) && /^\d$/.test(l[68]) && tleChecksum(l) === Number(l[68]));

const elementSetSchema = z
  .object({ name: z.string().min(1).max(24), line1: tleLine('1'), line2: tleLine('2') })
  .refine((s) => s.line1.slice(2, 7) === s.line2.slice(2, 7));

/** "25201.26732422" (two-digit year, day of year with fraction) → epoch milliseconds. */
export function tleEpoch(line1: string): number {
  const yy = Number(line1.slice(18, 20));
  const day = Number(line1.slice(20, 32));
  const year = yy < 57 ? 2000 + yy : 1900 + yy;
  return Math.round(Date.UTC(year, 0, 1) + (day - 1) * 86_400_000);
}

/** A parsed satellite record SGP4 can propagate, or null when it refuses the elements. */
export function toSatRec(set: Pick<ElementSet, 'line1' | 'line2'>): SatRec | null {
  try {
    const rec = twoline2satrec(set.line1, set.line2);
    return rec.error === SatRecError.None ? rec : null;
  } catch {
    return null;
  }
}

/** Every valid element set in CelesTrak's three-line text; malformed ones are skipped. */
export function parseTleText(text: string): ElementSet[] {
  const lines = text.slice(0, MAX_TEXT).split('\n', MAX_SETS * 3 + 3);
  const sets: ElementSet[] = [];
  for (let i = 0; i + 2 < lines.length && sets.length < MAX_SETS;) {
    const [name, line1, line2] = [lines[i], lines[i + 1], lines[i + 2]].map((l) => l.trimEnd());
    const parsed = elementSetSchema.safeParse({ name: name.trim(), line1, line2 });
    if (!parsed.success || !toSatRec(parsed.data)) {
      i += 1; // resynchronise on the next name line
      continue;
    }
    sets.push({
      noradId: Number(line1.slice(2, 7)),
      name: parsed.data.name,
      line1,
      line2,
      epoch: tleEpoch(line1),
    });
    i += 3;
  }
  return sets;
}

export class TleFetchError extends Error {}

/** Reads CelesTrak's group through the operator client (CELESTRAK_URL is an operator setting). */
export async function fetchElementSets(config: Config): Promise<ElementSet[]> {
  const url = `${config.celestrakUrl}${CELESTRAK_PATH}`;
  const res = await operatorHttp(config.ingest).get(url, { headers: { accept: 'text/plain' } });
  if (res.status !== 200) throw new TleFetchError(`CelesTrak answered ${res.status}`);
  const sets = parseTleText(res.text);
  if (sets.length === 0) throw new TleFetchError('CelesTrak sent no element sets');
  return sets;
}

/** Stores the sets (replacing each satellite's older one); answers how many were written. */
export async function storeElementSets(db: DB, sets: ElementSet[], now: number): Promise<number> {
  const unique = [...new Map(sets.map((s) => [s.noradId, s])).values()];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < unique.length; i += 200) {
      await trx
        .insertInto('sky_tles')
        .values(
          unique.slice(i, i + 200).map((s) => ({
            norad_id: s.noradId,
            name: s.name,
            line1: s.line1,
            line2: s.line2,
            epoch: s.epoch,
            fetched_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.column('norad_id').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            line1: eb.ref('excluded.line1'),
            line2: eb.ref('excluded.line2'),
            epoch: eb.ref('excluded.epoch'),
            fetched_at: eb.ref('excluded.fetched_at'),
          })),
        )
        .execute();
    }
  });
  return unique.length;
}

/** The stored sets of these satellites (the ones passes are computed for). */
export async function loadElementSets(
  db: DB,
  noradIds: readonly number[],
): Promise<(ElementSet & { fetchedAt: number })[]> {
  if (noradIds.length === 0) return [];
  const rows = await db
    .selectFrom('sky_tles')
    .where('norad_id', 'in', noradIds)
    .selectAll()
    .execute();
  return rows.map((r) => ({
    noradId: r.norad_id,
    name: r.name,
    line1: r.line1,
    line2: r.line2,
    epoch: r.epoch,
    fetchedAt: r.fetched_at,
  }));
}

/** The `sky-tles` job: fetch, store, report. */
export async function refreshElementSets(config: Config, db: DB, now: number) {
  const sets = await fetchElementSets(config);
  const stored = await storeElementSets(db, sets, now);
  const wanted = new Set(config.passSatellites);
  return {
    elementSets: stored,
    passSatellitesFound: sets.filter((s) => wanted.has(s.noradId)).length,
  };
}

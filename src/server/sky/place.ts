// The user's place, anywhere on Earth (issue 28): the spec's US ZIP code, or a
// latitude and longitude (typed, or a city picked from the offline list). Every
// sky answer (the strip, the verdict, aurora, passes, the calendar) asks placeOf().
// Names and time zones are found offline: the city list and tz-lookup.
import { createRequire } from 'node:module';
import type { Units } from '../../shared/types';
import type { UserRow } from '../db/tables';
import { nearestCity } from './cities';
import { lookupZip } from './zip';

export interface SkyPlace {
  kind: 'zip' | 'coordinates';
  /** The US ZIP code when the place is one, else null. */
  zipCode: string | null;
  latitude: number;
  longitude: number;
  /** "Charlotte, NC", "Tromsø, Norway" or "69.65°N, 18.96°E". */
  name: string;
  /** IANA time zone of the place. */
  timeZone: string;
  units: Units;
}

type TzLookup = (latitude: number, longitude: number) => string;
let tzLookup: TzLookup | undefined;

/** The IANA zone at a point (tz-lookup's boundaries, offline); UTC where it has none. */
export function timeZoneAt(latitude: number, longitude: number): string {
  tzLookup ??= createRequire(import.meta.url)('@photostructure/tz-lookup') as TzLookup;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return 'UTC';
  }
}

const fixed = (n: number) => String(Math.round(Math.abs(n) * 100) / 100);

/** "69.65°N, 18.96°E": a place with no city near it. */
export function coordinatesName(latitude: number, longitude: number): string {
  return `${fixed(latitude)}°${latitude < 0 ? 'S' : 'N'}, ${fixed(longitude)}°${longitude < 0 ? 'W' : 'E'}`;
}

export interface ResolvedCoordinates {
  latitude: number;
  longitude: number;
  name: string;
  timeZone: string;
}

/** Names a pair of coordinates (the city within 30 km, else the numbers) and finds its zone. */
export async function resolveCoordinates(
  latitude: number,
  longitude: number,
): Promise<ResolvedCoordinates> {
  // Stored to 5 decimals (about a metre): more is noise, and it keeps cache keys stable.
  const lat = Math.round(latitude * 1e5) / 1e5;
  const lon = Math.round(longitude * 1e5) / 1e5;
  const city = await nearestCity(lat, lon);
  return {
    latitude: lat,
    longitude: lon,
    name: city ? city.label : coordinatesName(lat, lon),
    timeZone: timeZoneAt(lat, lon),
  };
}

/** The place of a ZIP code with its zone, in the units given (the spec's US units by default). */
export function zipPlace(zipCode: string, units: Units = 'us'): SkyPlace | null {
  const place = lookupZip(zipCode);
  if (!place) return null;
  return {
    kind: 'zip',
    zipCode,
    latitude: place.latitude,
    longitude: place.longitude,
    name: place.name,
    timeZone: timeZoneAt(place.latitude, place.longitude),
    units,
  };
}

const chosenUnits = (units: string | null): Units | null =>
  units === 'us' || units === 'metric' ? units : null;

/** The user's place, or null when they have set none. */
export function placeOf(
  user: Pick<UserRow, 'zip_code' | 'latitude' | 'longitude' | 'place_name' | 'time_zone' | 'units'>,
): SkyPlace | null {
  const units = chosenUnits(user.units);
  if (user.zip_code) return zipPlace(user.zip_code, units ?? 'us');
  if (user.latitude === null || user.longitude === null) return null;
  return {
    kind: 'coordinates',
    zipCode: null,
    latitude: user.latitude,
    longitude: user.longitude,
    name: user.place_name ?? coordinatesName(user.latitude, user.longitude),
    timeZone: user.time_zone ?? timeZoneAt(user.latitude, user.longitude),
    units: units ?? 'metric',
  };
}

/** A cache key for what an upstream answers about a place: its rounded coordinates. */
export const placeKey = (p: { latitude: number; longitude: number }) =>
  `${p.latitude.toFixed(4)},${p.longitude.toFixed(4)}`;

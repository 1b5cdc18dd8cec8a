// Turns a users row into the API's User shape. Hashes and timestamps stay inside.
import type { Units, User, UserLocation } from '../../shared/types';
import type { UserRow } from '../db/tables';
import { MARK_READ_POLICIES, type MarkReadPolicy } from '../../shared/reading';

const asPolicy = (p: string): MarkReadPolicy =>
  MARK_READ_POLICIES.find((known) => known === p) ?? 'opened';

function locationOf(row: UserRow): UserLocation | null {
  if (row.latitude === null || row.longitude === null) return null;
  return {
    latitude: row.latitude,
    longitude: row.longitude,
    name: row.place_name ?? '',
    timeZone: row.time_zone ?? 'UTC',
  };
}

/** The units chosen, else by the place: the spec's °F and mph for a US ZIP, metric elsewhere. */
export function unitsOf(row: UserRow): Units {
  if (row.units === 'us' || row.units === 'metric') return row.units;
  return row.zip_code === null && row.latitude !== null ? 'metric' : 'us';
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    role: row.role,
    zipCode: row.zip_code,
    noAds: row.no_ads === 1,
    isDisabled: row.is_disabled === 1,
    markReadPolicy: asPolicy(row.mark_read_policy),
    keyboardShortcuts: row.keyboard_shortcuts !== 0,
    location: locationOf(row),
    units: unitsOf(row),
  };
}

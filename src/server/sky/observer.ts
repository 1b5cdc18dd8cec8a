// Where a user observes from. Today that is their US ZIP code; issue 28's other
// half adds latitude/longitude places through `placeOf(user)`, and this one
// function is where the passes and the calendar will read it from instead.
import type { ObserverPlace } from '../../shared/sky-calendar';
import type { UserRow } from '../db/tables';
import { lookupZip } from './zip';

export function observerOf(user: Pick<UserRow, 'zip_code'>): ObserverPlace | null {
  const place = user.zip_code ? lookupZip(user.zip_code) : null;
  return place && { name: place.name, latitude: place.latitude, longitude: place.longitude };
}

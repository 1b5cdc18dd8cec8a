// Where a user observes from, for the passes and the calendar: their place
// (sky/place.ts: a US ZIP code, or coordinates anywhere on Earth).
import type { ObserverPlace } from '../../shared/sky-calendar';
import { placeOf } from './place';

export function observerOf(user: Parameters<typeof placeOf>[0]): ObserverPlace | null {
  const place = placeOf(user);
  return (
    place && {
      name: place.name,
      latitude: place.latitude,
      longitude: place.longitude,
      units: place.units,
    }
  );
}

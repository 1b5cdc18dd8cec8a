// The sky-events calendar: every event between two instants at a place. What is
// the same for everyone is computed once and kept: eclipses per UTC year (their
// searches step from one to the next), everything else (phases, seasons,
// conjunctions, oppositions, meteor showers) per UTC month, so a year from today
// costs about twelve months of work the first time and nothing after. Local
// circumstances (an eclipse from the user's place) are kept per event and place,
// rounded to 0.01° (about a kilometre). Figures: bench/sky-calendar.ts.
import { Observer } from 'astronomy-engine';
import { LruMap } from '../lru-map';
import {
  conjunctions,
  localLunarEclipse,
  localSolarEclipse,
  lunarEclipses,
  meteorShowers,
  moonPhases,
  oppositions,
  seasons,
  solarEclipses,
  type CalendarEvent,
} from './event-searches';

export type { CalendarEvent };

export interface Place {
  latitude: number;
  longitude: number;
}

const byTime = (a: CalendarEvent, b: CalendarEvent) =>
  a.at.localeCompare(b.at) || a.id.localeCompare(b.id);

const months = new LruMap<number, CalendarEvent[]>({ maxEntries: 48 });
const eclipseYears = new LruMap<number, CalendarEvent[]>({ maxEntries: 8 });
const localEclipses = new LruMap<string, CalendarEvent>({ maxEntries: 5000 });

function cached<K, V>(map: LruMap<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** Month index since 1970 (UTC) → its span. */
const monthSpan = (m: number) => [Date.UTC(1970, m, 1), Date.UTC(1970, m + 1, 1)] as const;
const monthOf = (t: number) => {
  const d = new Date(t);
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
};

function monthEvents(m: number): CalendarEvent[] {
  return cached(months, m, () => {
    const [from, to] = monthSpan(m);
    return [
      ...moonPhases(from, to),
      ...seasons(from, to),
      ...conjunctions(from, to),
      ...oppositions(from, to),
      ...meteorShowers(from, to),
    ];
  });
}

function yearEclipses(year: number): CalendarEvent[] {
  return cached(eclipseYears, year, () => {
    const [from, to] = [Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)];
    return [...lunarEclipses(from, to), ...solarEclipses(from, to)];
  });
}

function local(event: CalendarEvent, place: Place): CalendarEvent {
  const key = `${event.id}:${place.latitude}:${place.longitude}`;
  return cached(localEclipses, key, () => {
    const observer = new Observer(place.latitude, place.longitude, 0);
    return event.kind === 'solar-eclipse'
      ? localSolarEclipse(event, observer)
      : localLunarEclipse(event, observer);
  });
}

/** Every event in [from, to), in time order, with local circumstances when a place is given. */
export function calendarEvents(from: number, to: number, place: Place | null): CalendarEvent[] {
  const inRange = (e: CalendarEvent) => {
    const t = Date.parse(e.at);
    return t >= from && t < to;
  };
  const events: CalendarEvent[] = [];
  for (let m = monthOf(from); m <= monthOf(to - 1); m++)
    events.push(...monthEvents(m).filter(inRange));
  const rounded = place && {
    latitude: Math.round(place.latitude * 100) / 100,
    longitude: Math.round(place.longitude * 100) / 100,
  };
  const lastYear = new Date(to - 1).getUTCFullYear();
  for (let year = new Date(from).getUTCFullYear(); year <= lastYear; year++) {
    for (const e of yearEclipses(year).filter(inRange))
      events.push(rounded ? local(e, rounded) : e);
  }
  return events.toSorted(byTime);
}

/** Forgets everything computed (the benchmark measures a cold calendar). */
export function clearCalendarCache(): void {
  months.clear();
  eclipseYears.clear();
  localEclipses.clear();
}

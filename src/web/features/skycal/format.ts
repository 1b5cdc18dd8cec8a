// How the sky calendar page words directions, ages and event groups.
import type { SkyEventKind } from '../../../shared/sky-calendar';

const POINTS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
];

/** 0–360° azimuth → one of the 16 compass points. */
export function compass(azimuth: number): string {
  return POINTS[Math.round((((azimuth % 360) + 360) % 360) / 22.5) % 16];
}

/** "2 days old", "5 hours old": how stale an orbit is. */
export function age(iso: string, now = Date.now()): string {
  const hours = Math.max(0, (now - Date.parse(iso)) / 3_600_000);
  if (hours < 48) return `${Math.round(hours)} hour${Math.round(hours) === 1 ? '' : 's'} old`;
  return `${Math.round(hours / 24)} days old`;
}

export const KIND_LABELS: Record<SkyEventKind, string> = {
  'moon-phase': 'Moon',
  'lunar-eclipse': 'Eclipse',
  'solar-eclipse': 'Eclipse',
  conjunction: 'Planets',
  opposition: 'Planets',
  season: 'Season',
  'meteor-shower': 'Meteors',
};

export const FILTERS = ['All', 'Eclipse', 'Meteors', 'Planets', 'Moon', 'Season'] as const;
export type EventFilter = (typeof FILTERS)[number];

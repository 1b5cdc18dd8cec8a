// "Tonight": astronomical darkness (Sun below −18°), the Moon during it, and the
// hourly cloud cover over that window with its clearest stretch. Missing hourly
// data only shortens the line; the weather answer never fails because of it.
import { Body, Illumination, Observer, SearchAltitude } from 'astronomy-engine';
import type { Tonight, TonightHour } from '../../shared/sky';
import { clock12 } from '../../shared/format';
import { moonPosition } from './moon';
import { type Forecast, type HourlyVariable, instantToLocal, localToInstant } from './open-meteo';

const HOUR_MS = 3_600_000;
const DARK_ALTITUDE = -18;

export interface Window {
  start: Date;
  end: Date;
}

/**
 * Tonight's darkness (the Sun below `altitude`, astronomical −18° by default): the
 * one under way, else the next to begin within a day.
 */
export function darknessWindow(
  reference: Date,
  observer: Observer,
  altitude = DARK_ALTITUDE,
): Window | null {
  const nextDusk = SearchAltitude(Body.Sun, observer, -1, reference, 1, altitude);
  const nextDawn = SearchAltitude(Body.Sun, observer, 1, reference, 1, altitude);
  // Dark now: dawn comes before the next dusk.
  if (nextDawn && (!nextDusk || nextDawn.date < nextDusk.date)) {
    const lastDusk = SearchAltitude(Body.Sun, observer, -1, reference, -1, altitude);
    return { start: lastDusk?.date ?? reference, end: nextDawn.date };
  }
  if (!nextDusk) return null;
  const dawn = SearchAltitude(Body.Sun, observer, 1, nextDusk.date, 1, altitude);
  return dawn ? { start: nextDusk.date, end: dawn.date } : null;
}

/** Hours the Moon spends above the horizon within the window (10-minute steps). */
function moonUpHours(window: Window, observer: Observer): number {
  const step = 10 * 60_000;
  let up = 0;
  for (let t = window.start.getTime(); t < window.end.getTime(); t += step) {
    if (moonPosition(new Date(t + step / 2), observer).altitude > 0) up += step;
  }
  return Math.round((up / HOUR_MS) * 10) / 10;
}

function hourlyClouds(f: Forecast, window: Window): TonightHour[] {
  const h = f.hourly;
  const cloud = h?.cloud_cover;
  if (!h || !Array.isArray(cloud)) return [];
  const layer = (name: HourlyVariable, i: number) => {
    const v = h[name]?.[i];
    return typeof v === 'number' ? v : null;
  };
  const hours: TonightHour[] = [];
  h.time.forEach((local, i) => {
    const at = localToInstant(local, f.utc_offset_seconds).getTime();
    const value = cloud[i];
    // Hours that overlap the dark window.
    if (at + HOUR_MS <= window.start.getTime() || at >= window.end.getTime()) return;
    if (typeof value !== 'number') return;
    hours.push({
      hour: local.slice(11, 16),
      cloudCover: value,
      cloudCoverLow: layer('cloud_cover_low', i),
      cloudCoverMid: layer('cloud_cover_mid', i),
      cloudCoverHigh: layer('cloud_cover_high', i),
    });
  });
  return hours;
}

/** The clearest run: hours within 10 points of the lowest cover, around the first lowest hour. */
export function bestHours(hours: TonightHour[]): string | null {
  if (hours.length === 0) return null;
  const min = Math.min(...hours.map((h) => h.cloudCover));
  const at = hours.findIndex((h) => h.cloudCover === min);
  let from = at;
  let to = at;
  while (from > 0 && hours[from - 1].cloudCover <= min + 10) from--;
  while (to < hours.length - 1 && hours[to + 1].cloudCover <= min + 10) to++;
  const end = Number(hours[to].hour.slice(0, 2)) + 1;
  return `${hours[from].hour}–${String(end % 24).padStart(2, '0')}:00`;
}

export function tonightOutlook(
  f: Forecast,
  place: { latitude: number; longitude: number },
): Tonight {
  const observer = new Observer(place.latitude, place.longitude, 0);
  const reference = localToInstant(f.current.time, f.utc_offset_seconds);
  const window = darknessWindow(reference, observer);
  if (!window) {
    return {
      darkStart: null,
      darkEnd: null,
      moonUpHours: null,
      moonIllumination: null,
      hours: [],
      bestHours: null,
      summary: 'No astronomical darkness tonight: the Sun stays above −18°.',
    };
  }
  // In the app's one time format ("8:58 PM"), as the dialogs show other times.
  const local = (d: Date) => clock12(instantToLocal(d, f.utc_offset_seconds).slice(11, 16));
  const moonUp = moonUpHours(window, observer);
  const middle = new Date((window.start.getTime() + window.end.getTime()) / 2);
  const illumination = Math.round(Illumination(Body.Moon, middle).phase_fraction * 100);
  const hours = hourlyClouds(f, window);
  const best = bestHours(hours);
  const parts = [`Dark from ${local(window.start)} to ${local(window.end)}`];
  parts.push(
    moonUp === 0 ? 'no Moon in the sky' : `Moon up ${moonUp} h at ${illumination}% illuminated`,
  );
  if (hours.length) {
    const covers = hours.map((h) => h.cloudCover);
    const lo = Math.min(...covers);
    const hi = Math.max(...covers);
    parts.push(
      `${lo === hi ? `${lo}%` : `${lo}–${hi}%`} cloud cover${best ? `, clearest ${best.split('–').map(clock12).join('–')}` : ''}`,
    );
  } else {
    parts.push('hourly cloud cover unavailable');
  }
  return {
    darkStart: window.start.toISOString(),
    darkEnd: window.end.toISOString(),
    moonUpHours: moonUp,
    moonIllumination: illumination,
    hours,
    bestHours: best,
    summary: `${parts.join('; ')}.`,
  };
}

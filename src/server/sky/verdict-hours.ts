// Tonight's hours for the verdict: each forecast hour that overlaps the dark window
// (from the current hour on), with its weighted cloud, precipitation, wind, humidity,
// haze and the Moon, and what keeps it from being usable.
import { Body, Illumination, type Observer } from 'astronomy-engine';
import type { Blocker, TonightVerdictHour } from '../../shared/sky-tonight';
import type { Units } from '../../shared/types';
import type { AirQuality } from './air-quality';
import { moonPosition } from './moon';
import { type Forecast, localToInstant } from './open-meteo';
import type { Window } from './tonight';
import { convert } from './units';

const HOUR_MS = 3_600_000;
const KMH_PER_MPH = 1.609344;

/** The usability rules of issue 28. */
export const USABLE = {
  /** Cloud at most this, %. */
  maxCloud: 30,
  /** Cloud above this is a hard "no" (30–50 % is only marginal). */
  marginalCloud: 50,
  /** Precipitation probability below this, %. */
  maxPrecipitation: 30,
  /** A Moon above the horizon is fine while less lit than this, %. */
  maxMoonIllumination: 25,
} as const;

export interface HourOptions {
  weights: { low: number; mid: number; high: number };
  hazeCap: number;
  units: Units;
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

function series(f: Forecast, name: keyof NonNullable<Forecast['hourly']>, i: number) {
  const values = f.hourly?.[name];
  if (!Array.isArray(values)) return null;
  const v = values[i];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** 0.5·low + 0.3·mid + 0.2·high; the total cover when the layers are missing. */
export function weightedCloud(
  layers: { low: number | null; mid: number | null; high: number | null; total: number | null },
  w: HourOptions['weights'],
): number | null {
  const { low, mid, high, total } = layers;
  if (low === null && mid === null && high === null) return total;
  return round(w.low * (low ?? 0) + w.mid * (mid ?? 0) + w.high * (high ?? 0));
}

export function blockersOf(
  hour: Pick<
    TonightVerdictHour,
    'cloud' | 'precipitation' | 'aod' | 'moonAltitude' | 'moonIllumination'
  >,
  hazeCap: number,
): Blocker[] {
  const out: Blocker[] = [];
  if (hour.cloud === null) out.push('no-forecast');
  else if (hour.cloud > USABLE.maxCloud) out.push('cloud');
  if (hour.precipitation !== null && hour.precipitation >= USABLE.maxPrecipitation)
    out.push('precipitation');
  if (hour.aod !== null && hour.aod >= hazeCap) out.push('haze');
  if (hour.moonAltitude > 0 && hour.moonIllumination >= USABLE.maxMoonIllumination)
    out.push('moon');
  return out;
}

/** A blocker the night cannot be saved from: thick cloud, rain, haze over the cap, no forecast. */
export function isHard(hour: TonightVerdictHour): boolean {
  return hour.blockers.some(
    (b) =>
      b === 'precipitation' ||
      b === 'haze' ||
      b === 'no-forecast' ||
      (b === 'cloud' && (hour.cloud ?? 100) > USABLE.marginalCloud),
  );
}

export function verdictHours(
  f: Forecast,
  air: AirQuality | null,
  window: Window,
  from: Date,
  observer: Observer,
  options: HourOptions,
): TonightVerdictHour[] {
  const times = f.hourly?.time ?? [];
  const start = Math.max(window.start.getTime(), Math.floor(from.getTime() / HOUR_MS) * HOUR_MS);
  const end = window.end.getTime();
  const windUnit = f.hourly_units?.wind_speed_10m;
  const hours: TonightVerdictHour[] = [];
  times.forEach((local, i) => {
    const at = localToInstant(local, f.utc_offset_seconds).getTime();
    if (at + HOUR_MS <= start || at >= end) return;
    // The Moon where this hour is dark: the middle of its overlap with the window.
    const middle = new Date((Math.max(at, start) + Math.min(at + HOUR_MS, end)) / 2);
    const moon = moonPosition(middle, observer);
    const windRaw = series(f, 'wind_speed_10m', i);
    const windMph = windRaw === null ? null : convert('speed', windUnit, windRaw);
    const hour = {
      time: new Date(at).toISOString(),
      hour: local.slice(11, 16),
      cloud: weightedCloud(
        {
          low: series(f, 'cloud_cover_low', i),
          mid: series(f, 'cloud_cover_mid', i),
          high: series(f, 'cloud_cover_high', i),
          total: series(f, 'cloud_cover', i),
        },
        options.weights,
      ),
      cloudLow: series(f, 'cloud_cover_low', i),
      cloudMid: series(f, 'cloud_cover_mid', i),
      cloudHigh: series(f, 'cloud_cover_high', i),
      precipitation: series(f, 'precipitation_probability', i),
      wind:
        windMph === null
          ? null
          : round(options.units === 'metric' ? windMph * KMH_PER_MPH : windMph, 1),
      humidity: series(f, 'relative_humidity_2m', i),
      aod: air ? air.at(new Date(at)) : null,
      moonAltitude: round(moon.altitude, 1),
      moonIllumination: Math.round(Illumination(Body.Moon, middle).phase_fraction * 100),
    };
    const blockers = blockersOf(hour, options.hazeCap);
    hours.push({ ...hour, usable: blockers.length === 0, blockers });
  });
  return hours;
}

// The Moon for a place and instant, computed with astronomy-engine (no network).
import {
  Body,
  Equator,
  GeoMoon,
  Horizon,
  Illumination,
  KM_PER_AU,
  MoonPhase,
  Observer,
  SearchMoonPhase,
  SearchMoonQuarter,
  SearchRiseSet,
} from 'astronomy-engine';
import type { MoonPhase as MoonPhaseAnswer } from '../../shared/sky';
import { moonSvgDataUrl } from './moon-svg';

const SYNODIC_MONTH_DAYS = 29.530588;
const DAY_MS = 86_400_000;
const QUARTER_NAMES = ['New Moon', 'First Quarter', 'Full Moon', 'Last Quarter'] as const;
const PHASE_NAMES = [
  'New Moon',
  'Waxing Crescent',
  'First Quarter',
  'Waxing Gibbous',
  'Full Moon',
  'Waning Gibbous',
  'Last Quarter',
  'Waning Crescent',
] as const;

/** Eight equal 45° bins of the Sun–Moon elongation, centred on the principal phases. */
export function phaseName(elongation: number): string {
  const bin = Math.floor((((elongation % 360) + 360 + 22.5) % 360) / 45);
  return PHASE_NAMES[bin];
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Altitude and azimuth of the Moon (degrees, refraction included). */
export function moonPosition(date: Date, observer: Observer) {
  const eq = Equator(Body.Moon, date, observer, true, true);
  const hor = Horizon(date, observer, eq.ra, eq.dec, 'normal');
  return { altitude: hor.altitude, azimuth: hor.azimuth };
}

/**
 * The current or next pass: while the Moon is up, its last rise and next set;
 * while it is down, its next rise and the set after that.
 */
function riseAndSet(date: Date, observer: Observer) {
  const lastRise = SearchRiseSet(Body.Moon, observer, 1, date, -2);
  const lastSet = SearchRiseSet(Body.Moon, observer, -1, date, -2);
  const up = lastRise !== null && (lastSet === null || lastRise.date > lastSet.date);
  const rise = up ? lastRise : SearchRiseSet(Body.Moon, observer, 1, date, 2);
  const set = SearchRiseSet(Body.Moon, observer, -1, rise ? rise.date : date, 2);
  return { moonrise: rise?.date.toISOString() ?? null, moonset: set?.date.toISOString() ?? null };
}

export function moonPhaseAt(date: Date, latitude: number, longitude: number): MoonPhaseAnswer {
  const observer = new Observer(latitude, longitude, 0);
  const elongation = MoonPhase(date);
  const illumination = Illumination(Body.Moon, date).phase_fraction * 100;
  const waxing = elongation < 180;
  const lastNew = SearchMoonPhase(0, date, -SYNODIC_MONTH_DAYS - 2);
  const age = lastNew
    ? (date.getTime() - lastNew.date.getTime()) / DAY_MS
    : (elongation / 360) * SYNODIC_MONTH_DAYS;
  const next = SearchMoonQuarter(date);
  const { altitude, azimuth } = moonPosition(date, observer);
  return {
    phaseName: phaseName(elongation),
    illumination: round(illumination, 1),
    waxing,
    ...riseAndSet(date, observer),
    altitude: round(altitude, 1),
    azimuth: round(azimuth, 1),
    distanceKm: Math.round(GeoMoon(date).Length() * KM_PER_AU),
    ageInDays: round(age, 1),
    nextPhaseName: QUARTER_NAMES[next.quarter],
    nextPhaseDate: next.time.date.toISOString(),
    imageUrl: moonSvgDataUrl(illumination, waxing),
  };
}

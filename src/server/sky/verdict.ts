// The Tonight verdict (issue 28): over tonight's astronomical darkness (nautical,
// flagged, where there is none), hour by hour, an hour is usable when its weighted
// cloud is at most 30 %, precipitation under 30 %, haze under the cap and the Moon
// down or under 25 % lit. Go: two or more consecutive usable hours. Marginal: one
// usable hour, or hours held back only by cloud of 30–50 % or by the Moon. Else
// No-go. Always with reasons in words and the best window. Deterministic: the night
// is reckoned from the forecast's own "now", so a recorded payload gives one answer.
import { Observer } from 'astronomy-engine';
import {
  VERDICT_LABELS,
  type BestWindow,
  type Darkness,
  type TonightVerdictHour,
  type Verdict,
} from '../../shared/sky-tonight';
import type { AirQuality } from './air-quality';
import { type Forecast, localToInstant } from './open-meteo';
import type { SkyPlace } from './place';
import { type Window, darknessWindow } from './tonight';
import { type HourOptions, isHard, verdictHours } from './verdict-hours';
import { type Clock, blockerReasons, formatTime, runs, softReasons, span } from './verdict-words';

export interface VerdictInput {
  forecast: Forecast;
  /** null: the air-quality upstream failed, so haze was not checked. */
  airQuality: AirQuality | null;
  place: Pick<SkyPlace, 'latitude' | 'longitude' | 'units'>;
  weights: HourOptions['weights'];
  hazeCap: number;
  /** The night to decide: the one under way at this instant, else the next (default: the forecast's now). */
  reference?: Date;
}

export interface VerdictResult {
  verdict: Verdict;
  reasons: string[];
  bestWindow: BestWindow | null;
  hours: TonightVerdictHour[];
  darkness: Darkness;
  /** The dark window the hours cover, for the aurora's Kp. */
  night: Window | null;
  reference: Date;
  windUnit: 'mph' | 'km/h';
}

const NAUTICAL = -12;

/** Astronomical darkness, else nautical (flagged), else none. */
export function tonightDarkness(
  reference: Date,
  observer: Observer,
): { night: Window | null; darkness: Darkness } {
  const astronomical = darknessWindow(reference, observer);
  const night = astronomical ?? darknessWindow(reference, observer, NAUTICAL);
  const kind = astronomical ? 'astronomical' : night ? 'nautical' : 'none';
  return {
    night,
    darkness: {
      kind,
      start: night?.start.toISOString() ?? null,
      end: night?.end.toISOString() ?? null,
      flagged: kind !== 'astronomical',
    },
  };
}

const mean = (run: TonightVerdictHour[]) =>
  run.reduce((sum, h) => sum + (h.cloud ?? 100), 0) / run.length;

/** The longest run (the clearer on a tie). */
function longest(candidates: TonightVerdictHour[][]): TonightVerdictHour[] | null {
  let best: TonightVerdictHour[] | null = null;
  for (const run of candidates)
    if (!best || run.length > best.length || (run.length === best.length && mean(run) < mean(best)))
      best = run;
  return best;
}

export function decideVerdict(input: VerdictInput): VerdictResult {
  const { forecast: f, place } = input;
  const observer = new Observer(place.latitude, place.longitude, 0);
  const reference = input.reference ?? localToInstant(f.current.time, f.utc_offset_seconds);
  const { night, darkness } = tonightDarkness(reference, observer);
  const windUnit = place.units === 'metric' ? 'km/h' : 'mph';
  const clock: Clock = { offsetSeconds: f.utc_offset_seconds, units: place.units };
  const base = { darkness, night, reference, windUnit } as const;
  if (!night) {
    return {
      ...base,
      verdict: 'no-go',
      reasons: ['no darkness tonight: the Sun stays above −12°'],
      bestWindow: null,
      hours: [],
    };
  }
  const options = { weights: input.weights, hazeCap: input.hazeCap, units: place.units };
  const hours = verdictHours(f, input.airQuality, night, reference, observer, options);

  const usableRuns = runs(hours, (h) => h.usable);
  // Hours held back only by cloud of 30–50 % or by the Moon.
  const softRuns = runs(hours, (h) => !isHard(h));
  let verdict: Verdict;
  let best: TonightVerdictHour[] | null;
  if (usableRuns.some((r) => r.length >= 2)) {
    verdict = 'go';
    best = longest(usableRuns);
  } else if (usableRuns.length > 0 || softRuns.length > 0) {
    verdict = 'marginal';
    best = longest(usableRuns) ?? longest(softRuns);
  } else {
    verdict = 'no-go';
    best = null;
  }

  const bestWindow = best ? windowOf(best, night, clock) : null;
  const reasons: string[] = [];
  if (darkness.flagged)
    reasons.push(
      `no astronomical darkness tonight (the Sun stays above −18°): nautical darkness ${formatTime(night.start, clock)}–${formatTime(night.end, clock)}`,
    );
  if (hours.length === 0) reasons.push('no hourly forecast for tonight');
  if (verdict === 'go' && bestWindow) reasons.push(`clear and dark ${bestWindow.label}`);
  reasons.push(...blockerReasons(hours, night, observer, clock, input.weights));
  reasons.push(...softReasons(hours, input.hazeCap, windUnit));
  if (!input.airQuality) reasons.push('haze not checked: air-quality data unavailable');
  return { ...base, verdict, reasons, bestWindow, hours };
}

function windowOf(run: TonightVerdictHour[], night: Window, clock: Clock): BestWindow {
  const { start, end } = span(run, night);
  return {
    start: start.toISOString(),
    end: end.toISOString(),
    label: `${formatTime(start, clock)}–${formatTime(end, clock)}`,
    hours: Math.round(((end.getTime() - start.getTime()) / 3_600_000) * 10) / 10,
  };
}

/** "Go: clear and dark 9:00 PM–3:00 AM", "No-go: low cloud 80 % all night". */
export function summaryLine(
  result: Pick<VerdictResult, 'verdict' | 'reasons' | 'bestWindow' | 'darkness'>,
) {
  const label = VERDICT_LABELS[result.verdict];
  const flag = result.darkness.kind === 'nautical' ? ' (nautical darkness only)' : '';
  const main = result.reasons.find((r) => !r.startsWith('no astronomical darkness'));
  if (result.verdict === 'go') return `${label}: ${main}${flag}`;
  const best = result.bestWindow ? `; best ${result.bestWindow.label}` : '';
  return `${label}: ${main ?? 'no usable hours'}${best}${flag}`;
}

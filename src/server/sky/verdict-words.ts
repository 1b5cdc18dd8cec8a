// The verdict's reasons in words: what blocks which hours ("low cloud 80 % until
// 1:00 AM", "Moon 92 % up until 3:10 AM", "haze: aerosol optical depth 1.0 all
// night"), in the place's time, on a 12-hour clock for US units and 24-hour otherwise.
import { Body, type Observer, SearchRiseSet } from 'astronomy-engine';
import { clock12 } from '../../shared/format';
import type { Blocker, TonightVerdictHour } from '../../shared/sky-tonight';
import type { Units } from '../../shared/types';
import { instantToLocal } from './open-meteo';
import type { Window } from './tonight';

const HOUR_MS = 3_600_000;

export interface Clock {
  offsetSeconds: number;
  units: Units;
}

/** An instant as the place's wall-clock time: "1:00 AM" (US units) or "01:00". */
export function formatTime(date: Date, clock: Clock): string {
  const hhmm = instantToLocal(date, clock.offsetSeconds).slice(11, 16);
  return clock.units === 'us' ? clock12(hhmm) : hhmm;
}

/** A stretch of the night in words: "all night", "until 1:00 AM", "from 11:40 PM", or "a–b". */
export function stretch(start: Date, end: Date, night: Window, clock: Clock): string {
  const fromStart = start.getTime() <= night.start.getTime() + 60_000;
  const toEnd = end.getTime() >= night.end.getTime() - 60_000;
  if (fromStart && toEnd) return 'all night';
  if (fromStart) return `until ${formatTime(end, clock)}`;
  if (toEnd) return `from ${formatTime(start, clock)}`;
  return `${formatTime(start, clock)}–${formatTime(end, clock)}`;
}

/** Consecutive runs of hours for which `test` holds. */
export function runs<T>(items: T[], test: (item: T) => boolean): T[][] {
  const out: T[][] = [];
  let run: T[] = [];
  for (const item of items) {
    if (test(item)) run.push(item);
    else if (run.length) {
      out.push(run);
      run = [];
    }
  }
  if (run.length) out.push(run);
  return out;
}

/** The dark part of a run of hours: its first hour's start to its last hour's end, clipped. */
export function span(run: TonightVerdictHour[], night: Window): { start: Date; end: Date } {
  const start = Math.max(Date.parse(run[0].time), night.start.getTime());
  const end = Math.min(Date.parse(run[run.length - 1].time) + HOUR_MS, night.end.getTime());
  return { start: new Date(start), end: new Date(end) };
}

const max = (values: (number | null)[]) =>
  Math.max(...values.filter((v): v is number => v !== null));

export type Weights = { low: number; mid: number; high: number };

function cloudWords(run: TonightVerdictHour[], weights: Weights): string {
  const layers = [
    ['low', run.map((h) => h.cloudLow)],
    ['mid', run.map((h) => h.cloudMid)],
    ['high', run.map((h) => h.cloudHigh)],
  ] as const;
  const known = layers.filter(([, v]) => v.some((x) => x !== null));
  if (known.length === 0) return `cloud ${max(run.map((h) => h.cloud))} %`;
  // The layer that weighs most in the hour's cloud names it.
  const weight = ([name, values]: (typeof known)[number]) => weights[name] * max(values);
  const [name, values] = known.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  return `${name} cloud ${max(values)} %`;
}

/** The Moon's part of the night: from its rise, until its set, or all night. */
function moonStretch(
  run: TonightVerdictHour[],
  night: Window,
  observer: Observer,
  clock: Clock,
): string {
  const { start, end } = span(run, night);
  const days = (end.getTime() - start.getTime()) / 86_400_000 + 0.05;
  const rise = SearchRiseSet(
    Body.Moon,
    observer,
    1,
    new Date(start.getTime() - HOUR_MS),
    days + 0.05,
  );
  const set = SearchRiseSet(Body.Moon, observer, -1, start, days);
  const from = rise && rise.date > start && rise.date < end ? rise.date : start;
  const until = set && set.date > start && set.date < end ? set.date : end;
  return stretch(from, until, night, clock);
}

export function blockerReasons(
  hours: TonightVerdictHour[],
  night: Window,
  observer: Observer,
  clock: Clock,
  weights: Weights,
): string[] {
  const reasons: string[] = [];
  const each = (blocker: Blocker, words: (run: TonightVerdictHour[]) => string) => {
    for (const run of runs(hours, (h) => h.blockers.includes(blocker))) {
      const { start, end } = span(run, night);
      reasons.push(
        blocker === 'moon'
          ? `${words(run)} ${moonStretch(run, night, observer, clock)}`
          : `${words(run)} ${stretch(start, end, night, clock)}`,
      );
    }
  };
  each('no-forecast', () => 'no cloud forecast');
  each('cloud', (run) => cloudWords(run, weights));
  each('precipitation', (run) => `precipitation ${max(run.map((h) => h.precipitation))} % likely`);
  each('haze', (run) => `haze: aerosol optical depth ${max(run.map((h) => h.aod)).toFixed(1)}`);
  each('moon', (run) => `Moon ${max(run.map((h) => h.moonIllumination))} % up`);
  return reasons;
}

/** Soft factors worth a word on usable hours: some haze, dew, wind. */
export function softReasons(
  hours: TonightVerdictHour[],
  hazeCap: number,
  windUnit: 'mph' | 'km/h',
): string[] {
  const usable = hours.filter((h) => h.usable);
  const out: string[] = [];
  const aod = max(usable.map((h) => h.aod));
  if (aod >= hazeCap / 2) out.push(`some haze (aerosol optical depth ${aod.toFixed(1)})`);
  const humidity = max(usable.map((h) => h.humidity));
  if (humidity >= 90) out.push(`humidity ${humidity} %: expect dew on optics`);
  const wind = max(usable.map((h) => h.wind));
  const windy = windUnit === 'mph' ? 20 : 32;
  if (wind >= windy) out.push(`wind up to ${Math.round(wind)} ${windUnit}`);
  return out;
}

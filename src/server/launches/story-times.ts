// The dates and UTC times a story gives ("liftoff March 4", "scheduled for
// 5:15 p.m. EDT (2115 UTC)"): a story that names no mission but names a time
// is about the launch at that time, not the nearest one on the same rocket.
// Bounded patterns over capped text (linear: no overlapping quantifiers).
import { TEXT_CAP } from './names';

const DAY_MS = 24 * 3_600_000;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const MONTH_DAY = new RegExp(`\\b${MONTH}\\.? (\\d{1,2})(?![\\d:])`, 'g');
const DAY_MONTH = new RegExp(`\\b(\\d{1,2}) ${MONTH}\\b`, 'g');
const UTC_TIME = /\b(\d{1,2}):?(\d{2})(?::\d{2})? ?UTC\b/g;
/** A month named without a day ("launch in April", "as soon as early September"); "May" only after a preposition. */
const MONTH_ALONE = new RegExp(
  `\\b(?:${MONTH.slice(1, -1).replace('|May|', '|')}|(?<=\\b(?:in|early|late|mid|of|since|until|by|before|after) )May)\\b(?!\\.? \\d)`,
  'g',
);

export interface StoryTimes {
  /** Midnight UTC of each date named, in the year that puts it nearest the story. */
  dates: number[];
  /** Minutes after midnight UTC of each time named. */
  times: number[];
  /** Months named without a day (0–11). */
  months: number[];
}

function nearestYear(month: number, day: number, publishedAt: number): number | null {
  if (day < 1 || day > 31) return null;
  const year = new Date(publishedAt).getUTCFullYear();
  const options = [year - 1, year, year + 1].map((y) => Date.UTC(y, month, day));
  return options.reduce((a, b) => (Math.abs(b - publishedAt) < Math.abs(a - publishedAt) ? b : a));
}

export function storyTimes(text: string, publishedAt: number): StoryTimes {
  const capped = text.slice(0, TEXT_CAP);
  const dates: number[] = [];
  const add = (monthName: string, day: string) => {
    const month = MONTHS.indexOf(monthName.slice(0, 3).toLowerCase());
    const at = month < 0 ? null : nearestYear(month, Number(day), publishedAt);
    if (at !== null) dates.push(at);
  };
  for (const m of capped.matchAll(MONTH_DAY)) add(m[1], m[2]);
  for (const m of capped.matchAll(DAY_MONTH)) add(m[2], m[1]);
  const times: number[] = [];
  for (const m of capped.matchAll(UTC_TIME)) {
    const [h, min] = [Number(m[1]), Number(m[2])];
    if (h < 24 && min < 60) times.push(h * 60 + min);
  }
  const months = [...capped.matchAll(MONTH_ALONE)].map((m) =>
    MONTHS.indexOf(m[0].slice(0, 3).toLowerCase()),
  );
  return { dates, times, months };
}

const TIME_SLACK_MIN = 30;

/** Whether a NET fits the dates and times a story names (each within a day, or half an hour). */
export function fitsTimes(net: number, hints: StoryTimes): boolean {
  const day = Math.floor(net / DAY_MS) * DAY_MS;
  const dateOk = hints.dates.length === 0 || hints.dates.some((d) => Math.abs(d - day) <= DAY_MS);
  const minute = Math.floor((net % DAY_MS) / 60_000);
  const timeOk =
    hints.times.length === 0 ||
    hints.times.some((t) => {
      const diff = Math.abs(t - minute);
      return Math.min(diff, 1440 - diff) <= TIME_SLACK_MIN;
    });
  // A month named alone is the launch's month (a day either side of it).
  const monthOk =
    hints.dates.length > 0 ||
    hints.months.length === 0 ||
    [net - DAY_MS, net, net + DAY_MS].some((t) => hints.months.includes(new Date(t).getUTCMonth()));
  return dateOk && timeOk && monthOk;
}

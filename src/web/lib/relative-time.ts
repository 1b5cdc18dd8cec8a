// "5 minutes ago", "about 2 hours ago", "in 2 days": the wording and thresholds of
// date-fns' formatDistance (en-US, with suffix), written out so the dashboard does
// not ship date-fns' formatting machinery. relative-time.test.ts checks it against
// date-fns itself.

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_ALMOST_TWO_DAYS = 2520;
const MINUTES_IN_MONTH = 43200;

const plural = (n: number, one: string, other: string) =>
  n === 1 ? one : other.replace('#', String(n));

/** Whole months from `earlier` to `later` (later ≥ earlier), as date-fns counts them. */
function monthsBetween(later: Date, earlier: Date): number {
  let months =
    (later.getFullYear() - earlier.getFullYear()) * 12 + (later.getMonth() - earlier.getMonth());
  const shifted = new Date(later);
  shifted.setMonth(later.getMonth() - months);
  if (shifted < earlier) months -= 1; // the last month is not full yet
  return Math.max(0, months);
}

function distance(later: Date, earlier: Date): string {
  const seconds = Math.trunc((later.getTime() - earlier.getTime()) / 1000);
  // Across a daylight-saving change, count wall-clock time, as date-fns does.
  const offsetSeconds = (earlier.getTimezoneOffset() - later.getTimezoneOffset()) * 60;
  const minutes = Math.round((seconds - offsetSeconds) / 60);
  if (minutes < 2)
    return minutes === 0 ? 'less than a minute' : plural(minutes, '1 minute', '# minutes');
  if (minutes < 45) return `${minutes} minutes`;
  if (minutes < 90) return 'about 1 hour';
  if (minutes < MINUTES_IN_DAY) return `about ${Math.round(minutes / 60)} hours`;
  if (minutes < MINUTES_IN_ALMOST_TWO_DAYS) return '1 day';
  if (minutes < MINUTES_IN_MONTH) return `${Math.round(minutes / MINUTES_IN_DAY)} days`;
  if (minutes < MINUTES_IN_MONTH * 2)
    return plural(Math.round(minutes / MINUTES_IN_MONTH), 'about 1 month', 'about # months');
  const months = monthsBetween(later, earlier);
  if (months < 12) return plural(Math.round(minutes / MINUTES_IN_MONTH), '1 month', '# months');
  const years = Math.trunc(months / 12);
  const rest = months % 12;
  if (rest < 3) return plural(years, 'about 1 year', 'about # years');
  if (rest < 9) return plural(years, 'over 1 year', 'over # years');
  return plural(years + 1, 'almost 1 year', 'almost # years');
}

/** The distance from `now` to `date` in words: "… ago" for the past, "in …" for the future. */
export function relativeTime(date: Date, now = new Date()): string {
  return date > now ? `in ${distance(date, now)}` : `${distance(now, date)} ago`;
}

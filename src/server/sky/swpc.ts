// NOAA SWPC products → plain values. SWPC serves two shapes for its Kp tables:
// arrays of arrays with a header row (before 2026) and arrays of objects (since
// 2026); both become rows of named fields here. Time tags without a zone are UTC.
import { z } from 'zod';
import type { KpForecastEntry } from '../../shared/sky';

const HOUR_MS = 3_600_000;
const MAX_ROWS = 100_000;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const arrayTable = z.array(z.array(cell)).min(1).max(MAX_ROWS);
const objectTable = z.array(z.record(z.string(), z.unknown())).max(MAX_ROWS);

/** Either table shape → rows keyed by column name. */
export function toRows(payload: unknown): Record<string, unknown>[] {
  if (Array.isArray(payload) && Array.isArray(payload[0])) {
    const [header, ...rows] = arrayTable.parse(payload);
    if (!header.every((h) => typeof h === 'string')) throw new Error('SWPC table without a header');
    return rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]])));
  }
  return objectTable.parse(payload);
}

/** "2026-02-02 00:00:00.000", "2026-02-02T03:00:00" or with a zone → a Date (UTC when none). */
export function parseTimeTag(tag: string): Date | null {
  if (tag.length > 40) return null;
  const iso = tag.trim().replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`;
  const ms = Date.parse(zoned);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** Numbers arrive as numbers (2026) or numeric strings (before). */
const numeric = z.union([
  z.number().finite(),
  z
    .string()
    .max(32)
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const kpValue = numeric.pipe(z.number().min(0).max(9));
const timeTag = z
  .string()
  .transform(
    (s, ctx) => parseTimeTag(s) ?? (ctx.addIssue({ code: 'custom', message: 'bad time' }), z.NEVER),
  );

const kpRow = z.object({ time_tag: timeTag, Kp: kpValue.optional(), kp: kpValue.optional() });

export interface KpReading {
  kp: number;
  time: Date;
}

/** The latest 3-hourly planetary Kp; throws when the product has none. */
export function latestKp(payload: unknown): KpReading {
  const rows = toRows(payload).map((r) => kpRow.parse(r));
  for (let i = rows.length - 1; i >= 0; i--) {
    const kp = rows[i].Kp ?? rows[i].kp;
    if (kp !== undefined) return { kp, time: rows[i].time_tag };
  }
  throw new Error('no Kp value');
}

const oneMinuteRow = z.object({ time_tag: timeTag, estimated_kp: kpValue });

/** The latest one-minute estimate, or null when the product is missing or malformed. */
export function latestOneMinuteKp(payload: unknown): KpReading | null {
  const parsed = z.array(z.unknown()).max(MAX_ROWS).safeParse(payload);
  if (!parsed.success) return null;
  for (let i = parsed.data.length - 1; i >= 0; i--) {
    const row = oneMinuteRow.safeParse(parsed.data[i]);
    if (row.success) return { kp: row.data.estimated_kp, time: row.data.time_tag };
  }
  return null;
}

/** Every 3-hour period of the Kp forecast product that has a value (observed and predicted). */
export function kpForecastRows(payload: unknown): KpReading[] {
  return toRows(payload)
    .map((r) => kpRow.parse(r))
    .flatMap((r) => {
      const kp = r.kp ?? r.Kp;
      return kp === undefined ? [] : [{ kp, time: r.time_tag }];
    });
}

/** The next 24 hours of 3-hour periods: those ending after `now`, at most 8. */
export function kpForecast24h(payload: unknown, now: Date): KpForecastEntry[] {
  const rows = toRows(payload).map((r) => kpRow.parse(r));
  return rows
    .filter(
      (r) => (r.kp ?? r.Kp) !== undefined && r.time_tag.getTime() + 3 * HOUR_MS > now.getTime(),
    )
    .filter((r) => r.time_tag.getTime() < now.getTime() + 24 * HOUR_MS)
    .slice(0, 8)
    .map((r) => ({ kpIndex: (r.kp ?? r.Kp) as number, timePeriod: r.time_tag.toISOString() }));
}

// ---------- solar activity ----------

/** GOES 0.1–0.8 nm flux (W/m²) → flare class: A < 1e-7 ≤ B < 1e-6 ≤ C < 1e-5 ≤ M < 1e-4 ≤ X. */
export function flareClass(flux: number): string {
  const scales: [string, number][] = [
    ['X', 1e-4],
    ['M', 1e-5],
    ['C', 1e-6],
    ['B', 1e-7],
    ['A', 1e-8],
  ];
  for (const [letter, base] of scales) {
    if (flux >= base || letter === 'A') return `${letter}${(flux / base).toFixed(1)}`;
  }
  return 'A0.0';
}

const xrayRow = z.object({ energy: z.string(), flux: z.number().finite().positive() });
const CLASS_PATTERN = /^[ABCMX]\d{1,3}(\.\d{1,2})?$/;

/** The current X-ray class from the 1-day flux, or null. */
export function solarActivityFromFlux(payload: unknown): string | null {
  const parsed = z.array(z.unknown()).max(MAX_ROWS).safeParse(payload);
  if (!parsed.success) return null;
  for (let i = parsed.data.length - 1; i >= 0; i--) {
    const row = xrayRow.safeParse(parsed.data[i]);
    if (row.success && row.data.energy === '0.1-0.8nm') return flareClass(row.data.flux);
  }
  return null;
}

const flareRow = z.object({
  current_class: z.string().max(8).nullable().optional(),
  max_class: z.string().max(8).nullable().optional(),
});

/** The latest flare's current (else peak) class, or null. */
export function solarActivityFromFlares(payload: unknown): string | null {
  const parsed = z.array(flareRow).max(1000).safeParse(payload);
  const last = parsed.success ? parsed.data.at(-1) : undefined;
  const value = last?.current_class ?? last?.max_class ?? null;
  return value && CLASS_PATTERN.test(value) ? value : null;
}

// ---------- aurora ----------

// 65,160 points every 15 minutes: checked by hand, as zod per point costs ~40 ms.
const ovationSchema = z.object({ coordinates: z.array(z.unknown()).max(200_000) });

export function auroraDescription(maxProbability: number): string {
  if (maxProbability >= 70) return 'High aurora activity: displays likely well away from the poles';
  if (maxProbability >= 40) return 'Moderate aurora activity: visible at high latitudes';
  if (maxProbability >= 15) return 'Low aurora activity: mostly confined to polar regions';
  return 'Minimal aurora activity';
}

export function aurora(payload: unknown): { maxProbability: number; description: string } | null {
  const parsed = ovationSchema.safeParse(payload);
  if (!parsed.success) return null;
  let max = 0;
  for (const point of parsed.data.coordinates) {
    if (!Array.isArray(point) || point.length < 3) return null;
    const probability: unknown = point[2];
    if (typeof probability !== 'number' || !Number.isFinite(probability)) return null;
    if (probability > max) max = probability;
  }
  const maxProbability = Math.round(Math.min(100, max));
  return { maxProbability, description: auroraDescription(maxProbability) };
}

// ---------- alerts ----------

const alertSchema = z.array(
  z.object({
    product_id: z.string().max(16).optional(),
    issue_datetime: z.string().max(40),
    message: z.string(),
  }),
);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** SWPC's "2026 Jun 13 2359 UTC" → a Date. */
export function parseSwpcTime(text: string): Date | null {
  const m = /^(\d{4}) ([A-Z][a-z]{2}) (\d{1,2}) (\d{2})(\d{2}) UTC$/.exec(text.trim());
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]);
  if (month < 0) return null;
  return new Date(Date.UTC(Number(m[1]), month, Number(m[3]), Number(m[4]), Number(m[5])));
}

const HEADLINE = /^(ALERT|WARNING|EXTENDED WARNING|WATCH): *(.*)$/;
const VALID_UNTIL = /^(Valid To|Now Valid Until|Extended to): *(.*)$/;

/**
 * Active warnings: alerts, warnings and watches issued in the last 24 hours
 * whose stated validity has not ended. Summaries and cancellations are left out.
 */
export function activeWarnings(payload: unknown, now: Date): string[] {
  const parsed = alertSchema.safeParse(payload);
  if (!parsed.success) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const alert of parsed.data) {
    const issued = parseTimeTag(alert.issue_datetime);
    if (!issued || now.getTime() - issued.getTime() > 24 * HOUR_MS) continue;
    if (issued.getTime() > now.getTime() + HOUR_MS) continue;
    let headline: string | null = null;
    let until: Date | null = null;
    // Messages are short; cap before splitting so a hostile one stays cheap.
    for (const raw of alert.message.slice(0, 8000).split('\n')) {
      const line = raw.replace(/\r$/, '').trim();
      const h = HEADLINE.exec(line);
      if (h && !headline) headline = `${h[1]}: ${h[2].trim()}`;
      const v = VALID_UNTIL.exec(line);
      if (v) until = parseSwpcTime(v[2]) ?? until;
    }
    if (!headline || (until && until.getTime() < now.getTime())) continue;
    if (seen.has(headline)) continue;
    seen.add(headline);
    out.push(headline);
    if (out.length >= 10) break;
  }
  return out;
}

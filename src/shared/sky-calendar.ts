// Satellite passes and the sky-events calendar (issue 28): query and body schemas
// with their messages, and the answers, for the server and the web app.
import { z } from 'zod';
import type { Units } from './types';

export const PASS_DAYS = 5;
export const MIN_ELEVATION_DEFAULT = 40;
export const MIN_ELEVATION_RANGE = [10, 80] as const;
/** The longest span one events call covers. */
export const EVENTS_MAX_DAYS = 400;
export const EVENTS_DEFAULT_MONTHS = 12;
/** The years the calendar covers (astronomy-engine is accurate far beyond; this bounds the work). */
export const EVENTS_YEARS = [1900, 2200] as const;

export const NO_PLACE_MESSAGE = 'Set your location to see satellite passes.';
export const CALENDAR_FEED_NOT_FOUND = 'Calendar subscription not found';
export const RANGE_MESSAGE = `from must be before to, at most ${EVENTS_MAX_DAYS} days apart`;

const minElevation = z
  .number({ error: 'Minimum elevation must be a whole number of degrees from 10 to 80' })
  .int('Minimum elevation must be a whole number of degrees from 10 to 80')
  .min(MIN_ELEVATION_RANGE[0], 'Minimum elevation must be a whole number of degrees from 10 to 80')
  .max(MIN_ELEVATION_RANGE[1], 'Minimum elevation must be a whole number of degrees from 10 to 80');

export const passSettingsSchema = z.object({ minElevation });

/** A date (YYYY-MM-DD, midnight UTC) or an ISO instant. */
const instant = (name: string) =>
  z
    .string()
    .trim()
    .max(40)
    .regex(
      /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/,
      `${name} must be a date (YYYY-MM-DD) or an ISO 8601 time`,
    )
    .transform((v, ctx) => {
      const t = Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
      // Date.parse rolls 30 February over into March: the date must read back the same.
      const [y, m, d] = v.slice(0, 10).split('-').map(Number);
      const day = new Date(Date.UTC(y, m - 1, d));
      if (Number.isNaN(t) || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) {
        ctx.addIssue({ code: 'custom', message: `${name} is not a valid date` });
        return z.NEVER;
      }
      if (y < EVENTS_YEARS[0] || y > EVENTS_YEARS[1]) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must be between ${EVENTS_YEARS[0]} and ${EVENTS_YEARS[1]}`,
        });
        return z.NEVER;
      }
      return t;
    });

export const eventsQuerySchema = z
  .object({ from: instant('from').optional(), to: instant('to').optional() })
  .refine(
    (q) =>
      q.from === undefined ||
      q.to === undefined ||
      (q.to > q.from && q.to - q.from <= EVENTS_MAX_DAYS * 86_400_000),
    { message: RANGE_MESSAGE },
  );

export const SKY_EVENT_KINDS = [
  'moon-phase',
  'lunar-eclipse',
  'solar-eclipse',
  'conjunction',
  'opposition',
  'season',
  'meteor-shower',
] as const;
export type SkyEventKind = (typeof SKY_EVENT_KINDS)[number];

export interface EventStory {
  id: string;
  title: string;
  url: string;
  publishedAt: string;
}

export interface SkyEvent {
  /** Stable across calls and in the iCal feed: kind + date key. */
  id: string;
  kind: SkyEventKind;
  title: string;
  /** The instant of the event (the peak, the exact phase), ISO. */
  at: string;
  /** When the event spans time (an eclipse's phases, a shower's activity), its end. */
  endAt?: string;
  /** One sentence a person can act on. */
  description: string;
  /** Kind-specific facts: magnitude, separation, ZHR, local circumstances… */
  details: Record<string, string | number | boolean | null>;
  /**
   * That night's Go / Marginal / No-go verdict when the event is within the
   * forecast (the Tonight verdict, issue 28 part 1); absent otherwise.
   */
  verdict?: { verdict: 'go' | 'marginal' | 'no-go'; reasons: string[] };
  /** Stories in the user's feed that mention the event, published within 3 days of it. */
  stories: EventStory[];
}

export interface ObserverPlace {
  name: string;
  latitude: number;
  longitude: number;
  /** The user's units (the verdict's reasons say wind in them). */
  units?: Units;
}

export interface SkyEventsResponse {
  events: SkyEvent[];
  /** The place local circumstances were computed for; null without a location. */
  place: ObserverPlace | null;
  from: string;
  to: string;
}

export interface SatellitePass {
  noradId: number;
  satellite: string;
  /** Above the horizon (0°), ISO. */
  rise: string;
  peak: string;
  set: string;
  /** Degrees above the horizon at the peak. */
  maxElevation: number;
  riseAzimuth: number;
  peakAzimuth: number;
  setAzimuth: number;
  /** The part of the pass that can be seen (sunlit satellite, Sun below −6°). */
  visibleFrom: string;
  visibleUntil: string;
  visibleMaxElevation: number;
}

export interface TleInfo {
  noradId: number;
  name: string;
  /** The element set's epoch, ISO. */
  epoch: string;
}

export interface SatellitePassesResponse {
  passes: SatellitePass[];
  place: ObserverPlace;
  minElevation: number;
  from: string;
  to: string;
  /** The orbits used, with their epochs (their age); empty before the first fetch. */
  tles: TleInfo[];
  /** When CelesTrak was last read; null before the first fetch. */
  tleFetchedAt: string | null;
}

export interface CalendarFeedInfo {
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CalendarFeedResponse {
  feed: CalendarFeedInfo | null;
}

export interface CreatedCalendarFeed extends CalendarFeedInfo {
  /** The subscription URL, shown this once. */
  url: string;
}

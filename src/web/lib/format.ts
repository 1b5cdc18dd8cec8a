// Display formatting shared by the feed screens: times, dates, truncation, and
// the few things read out of item URLs and HTML.
import { relativeTime } from './relative-time';

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Mar 5, 2026" (the spec's MMM d, yyyy). */
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Formatters by zone and extras: each is costly to build, and a screen formats many times. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined, weekday: boolean, zoneName: boolean) {
  const key = `${timeZone ?? ''}|${weekday}|${zoneName}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      weekday: weekday ? 'long' : undefined,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: zoneName ? 'short' : undefined,
    };
    try {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // An unknown zone name: the browser's own zone is the next best thing.
      f = new Intl.DateTimeFormat('en-US', options);
    }
    formatters.set(key, f);
  }
  return f;
}

export interface DateTimeOptions {
  /** An IANA zone (a place's own); the browser's zone when omitted. */
  timeZone?: string;
  /** Starts with the weekday: "Wednesday, Nov 25, 2026, 6:00 AM". */
  weekday?: boolean;
  /** Ends with the zone's short name: "… 6:00 AM EST". */
  zoneName?: boolean;
}

function dateTimeParts(d: Date, options: DateTimeOptions) {
  const parts = formatterFor(options.timeZone, !!options.weekday, !!options.zoneName).formatToParts(
    d,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: part('weekday'),
    date: `${part('month')} ${part('day')}, ${part('year')}`,
    // Assembled by hand: ICU versions differ in the space before AM/PM.
    time: `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`,
    zone: part('timeZoneName'),
  };
}

/** '5 minutes ago' (spec: relative publish time); 'in 2 days' for a launch window ahead. */
export function timeAgo(value: string | number | Date): string {
  const d = toDate(value);
  return d ? relativeTime(d) : '';
}

/** The spec's date format: MMM d, yyyy. */
export function formatDate(value: string | number | Date): string {
  const d = toDate(value);
  return d ? DATE.format(d) : '';
}

/**
 * The one date-and-time format of the app's panels and dialogs: "Nov 25, 2026, 6:00 AM"
 * (the spec's date, then the time of day), with the weekday and the zone's name when asked.
 */
export function formatDateTime(value: string | number | Date, options: DateTimeOptions = {}) {
  const d = toDate(value);
  if (!d) return '';
  const { weekday, date, time, zone } = dateTimeParts(d, options);
  return `${weekday ? `${weekday}, ` : ''}${date}, ${time}${zone ? ` ${zone}` : ''}`;
}

/** The time part of formatDateTime alone: "6:00 AM" (sunrise, a forecast period). */
export function formatTime(value: string | number | Date, timeZone?: string): string {
  const d = toDate(value);
  return d ? dateTimeParts(d, { timeZone }).time : '';
}

/** Cuts text at `max` characters and appends '...' when it was longer. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max).trimEnd()}...` : clean;
}

/** 'social_post' → 'social post'. */
export function humanize(value: string): string {
  return value.replace(/_/g, ' ');
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The 11-character video id of a YouTube watch, short-link, embed or shorts URL, else null. */
export function youtubeId(url: string | null | undefined): string | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const host = u.hostname.replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = u.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (u.pathname === '/watch') id = u.searchParams.get('v');
    else {
      const m = u.pathname.match(/^\/(?:embed|shorts|v|live)\/([^/?#]+)/);
      id = m ? m[1] : null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const youtubeThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
export const youtubeEmbed = (id: string) => `https://www.youtube-nocookie.com/embed/${id}`;

/** A usable image source starts with http, data: or / (spec). */
export function isValidImageSrc(src: string | null | undefined): src is string {
  return !!src && (src.startsWith('http') || src.startsWith('data:') || src.startsWith('/'));
}

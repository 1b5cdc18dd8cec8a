// A fetched item → the row we store: clean text, sanitised HTML, absolute URLs,
// a canonical URL and dedupe key, a parsed date, type, score and breaking flag.
import { ITEM_TYPES, type ItemType, type SourceType } from '../../../shared/constants';
import { stripBidiControls } from '../../../shared/hidden-chars';
import { escapeHtml } from '../fetchers/util';
import { scoreItem } from './scoring';
import { ELLIPSIS, safeSlice, truncateHtml } from './html-scan';
import { firstImage, htmlToText, sanitizeHtml, sanitizedToText } from './sanitize';
import type { FetchedItem } from '../types';

// Stored size caps per field (characters of sanitised HTML or text). Raw input
// is cut at twice the cap before any parsing, so work per item stays bounded;
// whatever is cut ends with "…".
export const TITLE_MAX = 500;
export const SUMMARY_MAX = 50_000;
export const CONTENT_MAX = 200_000;
const AUTHOR_MAX = 200;
const URL_MAX = 4096;
const DATE_MAX = 128;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface NormalizedItem {
  dedupeKey: string;
  url: string;
  title: string;
  summary: string;
  summaryText: string;
  content: string | null;
  contentText: string | null;
  imageUrl: string | null;
  author: string | null;
  publishedAt: number;
  itemType: ItemType;
  isBreaking: 0 | 1;
  engagementScore: number;
  extra: string | null;
  mutable: boolean;
  /** False when the feed gave no usable date (publishedAt is then the fetch order). */
  dated: boolean;
  /** Hash of the item as fetched (contentHash), set by the pipeline. */
  contentHash?: string;
}

// ---------- dates ----------

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};
/** Named zones real feeds use, in minutes east of UTC. */
const ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  WET: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
  AST: -240,
  ADT: -180,
  NST: -210,
  NDT: -150,
  BST: 60,
  IST: 330,
  CET: 60,
  CEST: 120,
  MET: 60,
  MEST: 120,
  EET: 120,
  EEST: 180,
  WEST: 60,
  MSK: 180,
  JST: 540,
  KST: 540,
  HKT: 480,
  SGT: 480,
  AEST: 600,
  AEDT: 660,
  ACST: 570,
  AWST: 480,
  NZST: 720,
  NZDT: 780,
};
const RFC822 =
  /^(?:[a-z]{2,9},?\s*)?(\d{1,2})[\s-]+([a-z]{3})[a-z]*\.?[\s-]+(\d{2,4})(?:,?\s+|T)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([+-]\d{2}:?\d{2}|[a-z]{1,5})?(?:\s*\(.*\))?$/i;

function parseRfc822(s: string): number | null {
  const m = RFC822.exec(s);
  if (!m) return null;
  const month = MONTHS[m[2].toLowerCase()];
  if (month === undefined) return null;
  let year = Number(m[3]);
  if (m[3].length === 2) year += year < 50 ? 2000 : 1900;
  let offset = 0;
  const zone = m[7];
  if (zone) {
    const numeric = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
    if (numeric)
      offset = (numeric[1] === '-' ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3]));
    else offset = ZONES[zone.toUpperCase()] ?? 0; // unknown (military) zones: treat as UTC
  }
  const utc = Date.UTC(year, month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  return utc - offset * 60_000;
}

/** Epoch ms from whatever a feed gave, or null when it cannot be read. */
export function parseDate(value: string | number | Date | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    return value < 1e11 ? Math.round(value * 1000) : Math.round(value); // seconds vs milliseconds
  }
  const s = value.trim();
  if (!s || s.length > DATE_MAX) return null; // no real date is that long
  if (/^\d{9,13}(\.\d+)?$/.test(s)) return parseDate(Number(s));
  const rfc = parseRfc822(s);
  if (rfc !== null) return Number.isNaN(rfc) ? null : rfc;
  // ISO 8601 and friends; a date-time without a zone is read as UTC, not server-local.
  const iso = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)
    ? `${s.replace(' ', 'T')}Z`
    : s;
  const parsed = Date.parse(iso);
  return Number.isNaN(parsed) ? null : parsed;
}

/**
 * The item's publish time: missing, invalid or before 1990 → fetch time; more
 * than a day in the future → now (a wrong clock or zone), except launch
 * schedules, whose items are in the future by design.
 */
export function publishTime(
  value: FetchedItem['publishedAt'],
  sourceType: SourceType,
  now: number,
): number {
  return itemTime(value, sourceType, now) ?? now;
}

/** The item's own publish time when it has a usable one, else null. */
export function itemTime(
  value: FetchedItem['publishedAt'],
  sourceType: SourceType,
  now: number,
): number | null {
  const parsed = parseDate(value);
  if (parsed === null || parsed < Date.UTC(1990, 0, 1)) return null;
  if (sourceType !== 'rocket_launch' && parsed > now + DAY_MS) return now;
  return parsed;
}

// ---------- URLs ----------

const TRACKING_PARAM =
  /^(utm_\w+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|igshid|_hsenc|_hsmi|ref_src|__twitter_impression|oly_(anon|enc)_id|vero_(conv|id)|mkt_tok|spm|cmpid|ncid|sr_share)$/i;

/**
 * The URL with tracking parameters and the fragment removed (kept with
 * `keepFragment`), host lower-cased; null if not http(s).
 */
export function canonicalUrl(
  raw: string | null | undefined,
  base?: string,
  keepFragment = false,
): string | null {
  const value = raw?.trim();
  if (!value || value.length > URL_MAX) return null;
  let u: URL;
  try {
    u = base ? new URL(value, base) : new URL(value);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (!keepFragment) u.hash = '';
  for (const key of Array.from(u.searchParams.keys()))
    if (TRACKING_PARAM.test(key)) u.searchParams.delete(key);
  if (u.search === '?') u.search = '';
  return u.href;
}

/**
 * Whether two items of one fetch differ only by their link's (or URL guid's)
 * #fragment, both having one: a feed with one page per day and an anchor per post
 * (scripting.com). Such a feed keeps its fragments, or its posts would
 * collapse into one item per page; other feeds drop them, so #comments and
 * similar variants of one story stay one item. One pass over the items.
 */
export function fragmentsTellApart(items: FetchedItem[], baseUrl: string): boolean {
  const seen = new Map<string, string>();
  for (const item of items) {
    const guid = item.guid?.trim();
    const candidates = [
      ['link', item.url, baseUrl],
      ['guid', guid && /^https?:\/\//i.test(guid) ? guid : null, undefined],
    ] as const;
    for (const [kind, raw, base] of candidates) {
      const whole = canonicalUrl(raw, base, true);
      // Only anchors tell posts apart: a page beside its own #comments is one story.
      const hash = whole?.indexOf('#') ?? -1;
      if (whole === null || hash < 0 || hash === whole.length - 1) continue;
      const key = `${kind} ${canonicalUrl(whole)}`;
      const earlier = seen.get(key);
      if (earlier === undefined) seen.set(key, whole);
      else if (earlier !== whole) return true;
    }
  }
  return false;
}

// ---------- items ----------

export interface NormalizeContext {
  sourceType: SourceType;
  /** The feed's URL (after redirects): base for relative links and the fallback item link. */
  baseUrl: string;
  /** Fetch time, epoch ms. */
  now: number;
  /** Keep links' #fragments: this fetch's items differ only by them (fragmentsTellApart). */
  keepFragments?: boolean;
}

/** Plain text cut to `max` characters at a word (never inside a surrogate pair), ending "…". */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = safeSlice(text, max - 1);
  const space = slice.lastIndexOf(' ');
  return `${(space > max * 0.8 ? slice.slice(0, space) : slice).trimEnd()}${ELLIPSIS}`;
}

/** Raw HTML → sanitised HTML within `max` characters; a cut anywhere shows as "…". */
function sanitizeCapped(raw: string, max: number, base: string): string {
  const rawCut = raw.length > 2 * max;
  const html = sanitizeHtml(rawCut ? safeSlice(raw, 2 * max) : raw, base);
  if (!html) return '';
  return rawCut || html.length > max ? truncateHtml(html, max, true) : html;
}

/** Clean, safe and complete, or null for an item with nothing to show. */
export function normalizeItem(
  item: FetchedItem,
  ctx: NormalizeContext,
  /** Position in the feed: items without a date keep the feed's order (first = newest). */
  position = 0,
): NormalizedItem | null {
  const keep = ctx.keepFragments === true;
  const link = canonicalUrl(item.url, ctx.baseUrl, keep);
  const guid = item.guid?.trim().slice(0, URL_MAX) || null;
  const guidUrl = guid && /^https?:\/\//i.test(guid) ? canonicalUrl(guid, undefined, keep) : null;
  const url = link ?? guidUrl ?? ctx.baseUrl;
  const base = item.baseUrl ?? link ?? ctx.baseUrl;

  const summaryHtml = item.summaryHtml ? sanitizeCapped(item.summaryHtml, SUMMARY_MAX, base) : '';
  const content = item.contentHtml
    ? sanitizeCapped(item.contentHtml, CONTENT_MAX, base) || null
    : null;
  const contentText = content ? sanitizedToText(content) || null : null;
  let summary = summaryHtml;
  let summaryText = sanitizedToText(summaryHtml);
  if (!summaryText && contentText) {
    summaryText = cut(contentText, 600);
    summary = escapeHtml(summaryText);
  }

  let title = cut(htmlToText(safeSlice(item.title ?? '', 4 * TITLE_MAX)), TITLE_MAX);
  if (!title) title = summaryText ? cut(summaryText, 120) : '';
  if (!title && !link && !guid) return null; // nothing to show and nothing to identify it
  if (!title) title = 'Untitled';

  // A guid that is a URL (often the fetcher's fallback to the link) is keyed by its
  // canonical form, so ?utm_… and #fragment variants of one story stay one item
  // (fragments kept only when they tell this feed's stories apart).
  const dedupeKey = guidUrl ?? guid ?? link ?? `title:${title.toLowerCase()}`;
  // The card's picture (spec: imageUrl, else the summary's first image), decided
  // here once so the web client needs no HTML scan of its own.
  const imageUrl =
    canonicalImage(item.imageUrl, base) ??
    firstImage(summaryHtml, base) ??
    firstImage(content, base);
  const itemType =
    item.itemType && (ITEM_TYPES as readonly string[]).includes(item.itemType)
      ? item.itemType
      : 'article';
  const { engagementScore, isBreaking } = scoreItem(item, ctx.sourceType, new Date(ctx.now));
  const author = item.author
    ? cut(htmlToText(safeSlice(item.author, 4 * AUTHOR_MAX)), AUTHOR_MAX) || null
    : null;
  const dated = itemTime(item.publishedAt, ctx.sourceType, ctx.now);

  return {
    dedupeKey: dedupeKey.slice(0, 2000),
    url,
    title,
    summary,
    summaryText,
    content,
    contentText,
    imageUrl,
    author,
    publishedAt: dated ?? ctx.now - position,
    itemType,
    isBreaking: isBreaking ? 1 : 0,
    engagementScore: Math.max(0, Math.round(engagementScore || 0)),
    // Its strings are feed text too (a launch's provider, pad, mission); JSON leaves the controls unescaped.
    extra:
      item.extra && Object.keys(item.extra).length
        ? stripBidiControls(JSON.stringify(item.extra))
        : null,
    mutable: Boolean(item.mutable),
    dated: dated !== null,
  };
}

function canonicalImage(raw: string | null | undefined, base: string): string | null {
  const value = raw?.trim();
  if (!value || value.length > URL_MAX) return null;
  try {
    const u = new URL(value, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

// The `extra` fields of a feed item (site names, publishers, launch facts, audio
// links…) reach the browser like titles do, so they get the same treatment as
// titles: markup dropped and entities decoded by the title sanitiser, lengths
// capped. Fields named …Url, …url or …link (permalink) keep only http(s) URLs. Applied when items are
// presented, so rows stored before this rule are covered too.
import { htmlToText } from '../ingest/parse/sanitize';

const TEXT_MAX = 1000;
const URL_MAX = 2048;
const MAX_DEPTH = 3;
const MAX_KEYS = 50;

const isUrlKey = (key: string) => /(url|link)$/i.test(key);

function safeUrl(value: string): string | null {
  if (value.length > URL_MAX) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function clean(value: unknown, key: string, depth: number): unknown {
  if (typeof value === 'string') {
    if (isUrlKey(key)) return safeUrl(value);
    // Cap before the sanitiser runs, and again after (decoding can only shorten).
    return htmlToText(value.slice(0, TEXT_MAX * 4)).slice(0, TEXT_MAX);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean' || value === null) return value;
  if (depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    return value.slice(0, MAX_KEYS).map((v) => clean(v, key, depth + 1));
  }
  if (typeof value === 'object') return sanitizeExtra(value as Record<string, unknown>, depth + 1);
  return null;
}

/** A copy of `extra` with every string sanitised like a title. */
export function sanitizeExtra(extra: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extra).slice(0, MAX_KEYS)) {
    out[key] = clean(value, key, depth);
  }
  return out;
}

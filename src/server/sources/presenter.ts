// Source rows → the API's NewsSource shape.
import type { NewsSource } from '../../shared/types';
import type { SourceRow } from '../db/tables';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * `prefEnabled` is the caller's own switch for a default source (null when they
 * never touched it, which means on). Personal sources ignore it. `folder`: the
 * caller's folder for it, if any (sync/ shows folders as labels).
 */
export function toNewsSource(
  row: SourceRow,
  prefEnabled: number | null,
  folder?: string | null,
): NewsSource {
  const switchedOn = row.user_id === null ? prefEnabled === null || prefEnabled === 1 : true;
  return {
    id: String(row.id),
    name: row.name,
    url: row.url,
    sourceType: row.source_type,
    isEnabled: row.is_enabled === 1 && switchedOn,
    userId: row.user_id === null ? null : row.user_id,
    ...(row.built_in === 1 ? { builtIn: true } : {}),
    // Only when there is one: a source in no folder keeps the spec's shape exactly.
    ...(folder ? { folder } : {}),
    health: {
      lastFetchedAt: iso(row.last_fetched_at),
      lastStatus: row.last_status,
      lastError: row.last_error,
      itemCount: Math.max(0, row.item_count),
    },
  };
}

// One collator: localeCompare with options builds a new one per call, which
// made sorting a user's sources a millisecond of every sync request (bench/sync.ts).
const byBaseLetters = new Intl.Collator('en', { sensitivity: 'base' });

/** Enabled first, then by name (case-insensitive), then by id for a stable order. */
export function compareSources(a: NewsSource, b: NewsSource): number {
  if (a.isEnabled !== b.isEnabled) return a.isEnabled ? -1 : 1;
  const byName = byBaseLetters.compare(a.name, b.name);
  return byName !== 0 ? byName : Number(a.id) - Number(b.id);
}

/** The page a reader would open for a source: the URL itself, except a feed's site. */
export function siteUrlOf(url: string, sourceType: string): string {
  if (sourceType !== 'rss' && sourceType !== 'custom') return url;
  try {
    return new URL(url).origin + '/';
  } catch {
    return url;
  }
}

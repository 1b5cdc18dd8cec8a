// Launch details carried in a rocket_launch item's `extra` (status, provider,
// pad, window start). Read defensively: the fetcher may give strings or objects.
import type { NewsItem } from '../../../shared/types';
import type { BadgeVariant } from '../../components/ui/badge';

export interface LaunchDetails {
  status: string | null;
  provider: string | null;
  pad: string | null;
  windowStart: string | null;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return text(o.name) ?? text(o.abbrev);
  }
  return null;
}

function first(extra: Record<string, unknown>, keys: string[]): string | null {
  for (const k of keys) {
    const v = text(extra[k]);
    if (v) return v;
  }
  return null;
}

export function launchDetails(item: NewsItem): LaunchDetails | null {
  const extra = item.extra;
  if (item.sourceType !== 'rocket_launch' || !extra) return null;
  const pad = first(extra, ['pad', 'padName']);
  const location = first(extra, ['location', 'padLocation']);
  return {
    status: first(extra, ['status', 'statusName']),
    provider: first(extra, ['provider', 'launchProvider', 'launchServiceProvider', 'lsp']),
    pad: pad && location && !pad.includes(location) ? `${pad}, ${location}` : (pad ?? location),
    windowStart: first(extra, ['windowStart', 'window_start', 'net']) ?? item.publishedAt,
  };
}

export function launchStatusVariant(status: string): BadgeVariant {
  const s = status.toLowerCase();
  if (s.includes('fail')) return 'destructive';
  if (s.includes('hold')) return 'warning';
  if (s.startsWith('go') || s.includes('success')) return 'success';
  if (s.includes('flight')) return 'default';
  return 'secondary';
}

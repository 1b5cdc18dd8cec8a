// Launch details carried in a rocket_launch item's `extra` (status, provider,
// pad, window start), typed by shared/item-extra.ts.
import type { NewsItem } from '../../../shared/types';
import type { BadgeVariant } from '../../components/ui/badge';

export interface LaunchDetails {
  status: string | null;
  provider: string | null;
  pad: string | null;
  windowStart: string | null;
  windowEnd: string | null;
}

/** The launch facts a card or row shows; null for anything but a launch. */
export function launchDetails(item: NewsItem): LaunchDetails | null {
  if (item.sourceType !== 'rocket_launch' || !item.extra) return null;
  const { status, provider, pad, location, windowStart, windowEnd } = item.extra;
  return {
    status: status ?? null,
    provider: provider ?? null,
    pad:
      pad && location && !pad.includes(location)
        ? `${pad}, ${location}`
        : (pad ?? location ?? null),
    windowStart: windowStart ?? item.publishedAt,
    windowEnd: windowEnd ?? null,
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

/** A window with no stated end counts as open this long after it starts. */
const OPEN_WINDOW_MS = 2 * 3_600_000;

export interface PastLaunch {
  label: 'Launched' | 'Failed' | 'No longer scheduled';
  variant: BadgeVariant;
}

/**
 * What became of a launch that is no longer ahead, or null while it is: its
 * outcome when the status gives one, else (the window closed and the schedule
 * stopped listing it) no longer scheduled.
 */
export function pastLaunch(launch: LaunchDetails, now = Date.now()): PastLaunch | null {
  const s = (launch.status ?? '').toLowerCase();
  if (s.includes('fail')) return { label: 'Failed', variant: 'destructive' };
  if (s.includes('success') || s.includes('deployed'))
    return { label: 'Launched', variant: 'success' };
  if (s.includes('flight')) return null;
  const start = launch.windowStart ? Date.parse(launch.windowStart) : Number.NaN;
  const end = launch.windowEnd ? Date.parse(launch.windowEnd) : start + OPEN_WINDOW_MS;
  return Number.isFinite(end) && end < now
    ? { label: 'No longer scheduled', variant: 'secondary' }
    : null;
}

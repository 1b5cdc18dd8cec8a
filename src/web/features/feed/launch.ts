// Launch details carried in a rocket_launch item's `extra` (status, provider,
// pad, window start), typed by shared/item-extra.ts.
import type { NewsItem } from '../../../shared/types';
import type { BadgeVariant } from '../../components/ui/badge';

export interface LaunchDetails {
  status: string | null;
  provider: string | null;
  pad: string | null;
  windowStart: string | null;
}

/** The launch facts a card or row shows; null for anything but a launch. */
export function launchDetails(item: NewsItem): LaunchDetails | null {
  if (item.sourceType !== 'rocket_launch' || !item.extra) return null;
  const { status, provider, pad, location, windowStart } = item.extra;
  return {
    status: status ?? null,
    provider: provider ?? null,
    pad:
      pad && location && !pad.includes(location)
        ? `${pad}, ${location}`
        : (pad ?? location ?? null),
    windowStart: windowStart ?? item.publishedAt,
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

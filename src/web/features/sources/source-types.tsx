// Display metadata per source type: label, icon, URL placeholder; and the list order.
import {
  AtSign,
  MessagesSquare,
  Newspaper,
  Rocket,
  Rss,
  SquarePlay,
  type LucideIcon,
} from 'lucide-react';
import type { SourceType } from '../../../shared/constants';
import type { NewsSource } from '../../../shared/types';

export const SOURCE_TYPE_LABELS: Record<SourceType, string> = {
  rss: 'RSS',
  youtube: 'YouTube',
  reddit: 'Reddit',
  bluesky: 'Bluesky',
  google_news: 'Google News',
  rocket_launch: 'Rocket Launch',
  custom: 'Custom',
};

// rss, reddit, bluesky, youtube and rocket_launch have their own icons; others the default one.
const ICONS: Partial<Record<SourceType, LucideIcon>> = {
  rss: Rss,
  youtube: SquarePlay,
  reddit: MessagesSquare,
  bluesky: AtSign,
  rocket_launch: Rocket,
};

export function SourceTypeIcon({ type, className }: { type: string; className?: string }) {
  const Icon = ICONS[type as SourceType] ?? Newspaper;
  return <Icon aria-hidden="true" className={className ?? 'h-4 w-4'} />;
}

/** The admin form's type-specific URL placeholders (spec 001 §2); the fallback is 'Source URL'. */
const URL_PLACEHOLDERS: Partial<Record<SourceType, string>> = {
  rss: 'RSS feed URL',
  youtube: 'YouTube channel URL',
  reddit: 'Reddit subreddit URL',
  bluesky: 'Bluesky profile URL',
  google_news: 'Google News search URL',
  custom: 'Custom source URL',
};

export function urlPlaceholder(type: SourceType): string {
  return URL_PLACEHOLDERS[type] ?? 'Source URL';
}

export function typeLabel(type: string): string {
  return SOURCE_TYPE_LABELS[type as SourceType] ?? type;
}

const byName = (a: NewsSource, b: NewsSource) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** Spec §4: enabled sources first, then by name. */
export function sortEnabledFirst(sources: NewsSource[]): NewsSource[] {
  return [...sources].toSorted((a, b) => Number(b.isEnabled) - Number(a.isEnabled) || byName(a, b));
}

/** The admin list: by name. */
export function sortByName(sources: NewsSource[]): NewsSource[] {
  return [...sources].toSorted(byName);
}

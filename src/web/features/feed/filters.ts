// The feed filter a page holds (spec 000 §3 "Feed filter state") and the
// filter bar's extras, plus the initial filters of the dashboard and feed pages.
import type { ItemType, SortField, SourceType } from '../../../shared/constants';
import type { NewsSource } from '../../../shared/types';

export interface FeedFilter {
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
  includeBlueSky: boolean;
  sourceIds: string[];
  itemType?: ItemType;
  isBreaking?: boolean;
  /** Already debounced and at least 2 characters. */
  searchTerm?: string;
  /** A space topic's slug (issue 29): only its stories. */
  topic?: string;
}

export const BASE_FILTER: FeedFilter = {
  sortBy: 'publishedAt',
  sortOrder: 'desc',
  includeBlueSky: false,
  sourceIds: [],
};

/** Kinds the dashboard leaves to their own pages (spec 000 §2 "Dashboard"). */
const DASHBOARD_EXCLUDED: SourceType[] = ['reddit', 'bluesky', 'rocket_launch'];

/** Every enabled source except reddit, bluesky and rocket_launch. */
export function dashboardFilter(sources: NewsSource[]): FeedFilter {
  return {
    ...BASE_FILTER,
    sourceIds: sources
      .filter((s) => s.isEnabled && !DASHBOARD_EXCLUDED.includes(s.sourceType))
      .map((s) => s.id),
  };
}

export type FeedKind = 'reddit' | 'bluesky' | 'rocket_launch';

/** All sources of the page's kind; BlueSky posts only on the BlueSky page; launches ascending (spec 001 §3). */
export function kindFilter(kind: FeedKind, sources: NewsSource[]): FeedFilter {
  return {
    ...BASE_FILTER,
    sortOrder: kind === 'rocket_launch' ? 'asc' : 'desc',
    includeBlueSky: kind === 'bluesky',
    sourceIds: sources.filter((s) => s.sourceType === kind).map((s) => s.id),
  };
}

/**
 * Any filter other than the sort (spec: when 'Clear Filters' shows). A feed page
 * passes its own starting filter as `baseline`: its kind's sources are not a choice.
 */
export function hasActiveFilters(f: FeedFilter, baseline?: FeedFilter): boolean {
  const sourcesChosen = baseline
    ? f.sourceIds.length !== baseline.sourceIds.length ||
      f.sourceIds.some((id) => !baseline.sourceIds.includes(id))
    : f.sourceIds.length > 0;
  return !!f.searchTerm || !!f.itemType || !!f.topic || f.isBreaking !== undefined || sourcesChosen;
}

/** Filter reset (spec 000 §4): publishedAt, desc, no BlueSky, everything else cleared. */
export function resetFilter(): FeedFilter {
  return { ...BASE_FILTER, sourceIds: [] };
}

/** The list call's query. Choosing a BlueSky source by hand also asks for BlueSky posts. */
export function toListParams(f: FeedFilter, sources: NewsSource[] | undefined) {
  const blueskyChosen = !!sources?.some(
    (s) => s.sourceType === 'bluesky' && f.sourceIds.includes(s.id),
  );
  return {
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
    includeBlueSky: f.includeBlueSky || blueskyChosen,
    sourceIds: f.sourceIds,
    itemType: f.itemType,
    isBreaking: f.isBreaking,
    searchTerm: f.searchTerm,
    topic: f.topic,
  };
}
export type ListParams = ReturnType<typeof toListParams>;

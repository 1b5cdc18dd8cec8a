import { describe, expect, it } from 'vitest';
import type { NewsSource } from '../../../shared/types';
import {
  dashboardFilter,
  hasActiveFilters,
  kindFilter,
  resetFilter,
  toListParams,
} from './filters';

const source = (
  id: string,
  sourceType: NewsSource['sourceType'],
  isEnabled = true,
): NewsSource => ({
  id,
  name: `Source ${id}`,
  url: `https://example.test/${id}`,
  sourceType,
  isEnabled,
  userId: null,
  health: { lastFetchedAt: null, lastStatus: null, lastError: null, itemCount: 0 },
});

const sources = [
  source('1', 'rss'),
  source('2', 'youtube'),
  source('3', 'reddit'),
  source('4', 'bluesky'),
  source('5', 'rocket_launch'),
  source('6', 'rss', false),
  source('7', 'google_news'),
  source('8', 'reddit', false),
];

describe('initial filters', () => {
  it('dashboard: enabled sources except reddit, bluesky and rocket_launch; newest first; no BlueSky', () => {
    expect(dashboardFilter(sources)).toEqual({
      sortBy: 'publishedAt',
      sortOrder: 'desc',
      includeBlueSky: false,
      sourceIds: ['1', '2', '7'],
    });
  });
  it('feed pages: every source of the kind; BlueSky only on its page; launches ascending', () => {
    expect(kindFilter('reddit', sources)).toEqual({
      sortBy: 'publishedAt',
      sortOrder: 'desc',
      includeBlueSky: false,
      sourceIds: ['3', '8'],
    });
    expect(kindFilter('bluesky', sources)).toMatchObject({
      includeBlueSky: true,
      sortOrder: 'desc',
      sourceIds: ['4'],
    });
    expect(kindFilter('rocket_launch', sources)).toMatchObject({
      includeBlueSky: false,
      sortOrder: 'asc',
      sourceIds: ['5'],
    });
  });
});

describe('Clear Filters', () => {
  it('shows for any filter other than sort', () => {
    const base = resetFilter();
    expect(hasActiveFilters(base)).toBe(false);
    expect(hasActiveFilters({ ...base, sortBy: 'engagementScore', sortOrder: 'asc' })).toBe(false);
    expect(hasActiveFilters({ ...base, searchTerm: 'mars' })).toBe(true);
    expect(hasActiveFilters({ ...base, itemType: 'video' })).toBe(true);
    expect(hasActiveFilters({ ...base, sourceIds: ['1'] })).toBe(true);
  });
  it("on a feed page, measures against the page's own filter", () => {
    const base = kindFilter('reddit', sources);
    expect(hasActiveFilters(base, base)).toBe(false);
    expect(hasActiveFilters({ ...base, sourceIds: ['8', '3'] }, base)).toBe(false);
    expect(hasActiveFilters({ ...base, sourceIds: ['3'] }, base)).toBe(true);
    expect(hasActiveFilters({ ...base, sourceIds: [] }, base)).toBe(true);
    expect(hasActiveFilters({ ...base, itemType: 'image' }, base)).toBe(true);
  });
  it('resets to publishedAt, desc, no BlueSky, nothing else', () => {
    expect(resetFilter()).toEqual({
      sortBy: 'publishedAt',
      sortOrder: 'desc',
      includeBlueSky: false,
      sourceIds: [],
    });
  });
});

describe('list params', () => {
  it('asks for BlueSky posts when a BlueSky source is chosen by hand', () => {
    expect(toListParams({ ...resetFilter(), sourceIds: ['1'] }, sources).includeBlueSky).toBe(
      false,
    );
    expect(toListParams({ ...resetFilter(), sourceIds: ['1', '4'] }, sources).includeBlueSky).toBe(
      true,
    );
  });
});

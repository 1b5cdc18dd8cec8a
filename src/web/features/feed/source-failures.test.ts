import { describe, expect, it } from 'vitest';
import type { NewsSource, SourceHealth } from '../../../shared/types';
import { sourceFailures, unreachableText } from './source-failures';

const source = (
  id: string,
  lastStatus: SourceHealth['lastStatus'],
  extra: Partial<NewsSource> = {},
): NewsSource => ({
  id,
  name: `Source ${id}`,
  url: `https://example.test/${id}`,
  sourceType: 'rss',
  isEnabled: true,
  userId: null,
  health: {
    lastFetchedAt: lastStatus ? '2026-11-25T12:00:00Z' : null,
    lastStatus,
    lastError: lastStatus === 'error' ? 'Could not connect' : null,
    itemCount: 0,
  },
  ...extra,
});

describe('sourceFailures', () => {
  const sources = [
    source('1', 'error'),
    source('2', 'ok'),
    source('3', 'not_modified'),
    source('4', 'error', { isEnabled: false }),
    source('5', null, { builtIn: true }),
    source('6', null),
  ];

  it('counts the enabled, fetched sources whose last fetch failed', () => {
    const { failed, total } = sourceFailures(sources);
    expect(failed.map((s) => s.id)).toEqual(['1']);
    expect(total).toBe(4); // 1, 2, 3 and the not yet fetched 6
  });

  it('looks only at the sources the feed shows', () => {
    expect(sourceFailures(sources, ['2', '3'])).toEqual({ failed: [], total: 2 });
    expect(sourceFailures(sources, ['1']).total).toBe(1);
  });
});

describe('unreachableText', () => {
  it('counts in the plural, and a single source in the singular', () => {
    expect(unreachableText(17, 17)).toBe('17 of 17 sources could not be reached');
    expect(unreachableText(1, 1)).toBe('1 of 1 source could not be reached');
  });
});

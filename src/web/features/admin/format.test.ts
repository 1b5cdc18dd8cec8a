import { describe, expect, it } from 'vitest';
import { formatFigures } from './format';

describe('formatFigures', () => {
  it('says one source and one item in the singular, more in the plural', () => {
    expect(formatFigures({ newItemsAdded: 1, sourcesFetched: 1, sourcesFailed: 0 })).toBe(
      '1 new item · 1 source fetched · 0 failed',
    );
    expect(formatFigures({ newItemsAdded: 0, sourcesFetched: 17, sourcesFailed: 17 })).toBe(
      '0 new items · 17 sources fetched · 17 failed',
    );
    expect(formatFigures({ jobRunsDeleted: 1 })).toBe('1 old run removed');
  });

  it('shows flags and words as they are, and figures it does not know by their key', () => {
    expect(formatFigures({ slot: 'morning', briefing: true, other: 2 })).toBe(
      'slot: morning · briefing: yes · 2 other',
    );
    expect(formatFigures(null)).toBe('');
  });
});

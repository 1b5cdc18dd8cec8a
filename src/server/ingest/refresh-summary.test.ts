import { describe, expect, it } from 'vitest';
import { refreshSummary } from './refresh-summary';

describe('refreshSummary', () => {
  it('says how many sources were refreshed, failed and why, in one line', () => {
    expect(
      refreshSummary({
        fetched: 17,
        newItems: 12,
        failures: ['NASA: Timed out after 15 s', 'r/space: HTTP 429'],
      }),
    ).toBe(
      'refreshed 17 sources: 15 ok, 2 failed (NASA: Timed out after 15 s; r/space: HTTP 429), 12 new items',
    );
  });

  it('leaves out the failure list when every source was read', () => {
    expect(refreshSummary({ fetched: 1, newItems: 1, failures: [] })).toBe(
      'refreshed 1 source: 1 ok, 1 new item',
    );
  });

  it('lists at most five failures and counts the rest', () => {
    const failures = Array.from({ length: 8 }, (_, i) => `S${i}: HTTP 500`);
    const line = refreshSummary({ fetched: 8, newItems: 0, failures });
    expect(line).toContain('8 failed (S0: HTTP 500; S1');
    expect(line).toContain('S4: HTTP 500; 3 more)');
    expect(line).not.toContain('S5');
  });
});

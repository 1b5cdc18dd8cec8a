import { describe, expect, it } from 'vitest';
import { everyFetchFailed, refreshSummary } from './refresh-summary';

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

describe('everyFetchFailed', () => {
  it('names the count and the reasons when no source was read', () => {
    expect(
      everyFetchFailed({ sourcesFetched: 2, sourcesFailed: 2 }, [
        'NASA: Timed out after 15 s',
        'r/space: HTTP 429',
      ]),
    ).toBe('2 of 2 sources could not be fetched: NASA: Timed out after 15 s; r/space: HTTP 429');
    expect(everyFetchFailed({ sourcesFetched: 1, sourcesFailed: 1 }, ['Launches: HTTP 503'])).toBe(
      '1 of 1 source could not be fetched: Launches: HTTP 503',
    );
  });

  it('drops a reason’s full stop before the next one', () => {
    expect(
      everyFetchFailed({ sourcesFetched: 2, sourcesFailed: 2 }, [
        'A: 127.0.0.1:9 refused the connection.',
        'B: Timed out after 15 s',
      ]),
    ).toBe(
      '2 of 2 sources could not be fetched: A: 127.0.0.1:9 refused the connection; B: Timed out after 15 s',
    );
  });

  it('is null when any source was read, or none was tried', () => {
    expect(everyFetchFailed({ sourcesFetched: 17, sourcesFailed: 16 }, ['a: x'])).toBeNull();
    expect(everyFetchFailed({ sourcesFetched: 0, sourcesFailed: 0 }, [])).toBeNull();
  });

  it('still counts failures it has no reason for (a fetch another refresh made)', () => {
    expect(everyFetchFailed({ sourcesFetched: 3, sourcesFailed: 3 }, [])).toBe(
      '3 of 3 sources could not be fetched.',
    );
  });
});

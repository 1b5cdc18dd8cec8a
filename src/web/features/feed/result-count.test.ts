import { describe, expect, it } from 'vitest';
import { resultCountText } from './result-count';

describe('resultCountText', () => {
  it('says an exact count as it is', () => {
    expect(resultCountText({ totalItems: 0 })).toBe('0 results');
    expect(resultCountText({ totalItems: 1 })).toBe('1 result');
    expect(resultCountText({ totalItems: 1234 })).toBe('1,234 results');
  });

  it('says a lower bound with a plus', () => {
    expect(resultCountText({ totalItems: 1000, totalIsLowerBound: true })).toBe('1,000+ results');
    expect(resultCountText({ totalItems: 10000, totalIsLowerBound: true })).toBe('10,000+ results');
  });
});

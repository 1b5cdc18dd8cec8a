import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

const keys = <V>(map: LruMap<string, V>, candidates: string[]) =>
  candidates.filter((k) => map.get(k) !== undefined);

describe('LruMap', () => {
  it('evicts the least recently used entry beyond maxEntries', () => {
    const map = new LruMap<string, number>({ maxEntries: 2 });
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1); // a is now the most recent
    map.set('c', 3);
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    expect(keys(map, ['a', 'c'])).toEqual(['a', 'c']);
  });

  it('replacing a value makes it the most recent and keeps one entry for the key', () => {
    const map = new LruMap<string, number>({ maxEntries: 2 });
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect(map.size).toBe(2);
    expect(map.get('a')).toBe(10);
    expect(map.get('b')).toBeUndefined();
  });

  it('evicts the oldest until the total weight fits maxWeight', () => {
    const map = new LruMap<string, number[]>({
      maxEntries: 10,
      maxWeight: 5,
      weigh: (v) => v.length,
    });
    map.set('a', [1, 2]).set('b', [1, 2]).set('c', [1]);
    expect(map.size).toBe(3); // weight 5
    map.set('d', [1, 2, 3]); // weight 8: a and b go
    expect(keys(map, ['a', 'b', 'c', 'd'])).toEqual(['c', 'd']);
    map.delete('d');
    map.set('e', [1, 2, 3, 4]); // c (1) + e (4) fits
    expect(keys(map, ['c', 'e'])).toEqual(['c', 'e']);
  });

  it('forgets everything on clear', () => {
    const map = new LruMap<string, number>({ maxEntries: 3 });
    map.set('a', 1).set('b', 2);
    map.clear();
    expect(map.size).toBe(0);
    expect(map.delete('a')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { SearchCache, positionAfter } from './search-cache';

const list = (pairs: Array<[number, number]>) => ({
  values: Float64Array.from(pairs, ([v]) => v),
  ids: Float64Array.from(pairs, ([, id]) => id),
});

describe('positionAfter', () => {
  const desc = list([
    [9, 5],
    [9, 3],
    [7, 8],
    [7, 2],
    [1, 1],
  ]);
  const asc = list([
    [1, 1],
    [7, 2],
    [7, 8],
    [9, 3],
    [9, 5],
  ]);

  it.each([
    [{ value: 9, id: 5 }, 1],
    [{ value: 9, id: 3 }, 2],
    [{ value: 7, id: 4 }, 3],
    [{ value: 10, id: 1 }, 0],
    [{ value: 1, id: 1 }, 5],
  ])('finds the first item after %j in descending order', (cursor, index) => {
    expect(positionAfter(desc, 'desc', cursor)).toBe(index);
  });

  it.each([
    [{ value: 1, id: 1 }, 1],
    [{ value: 7, id: 2 }, 2],
    [{ value: 7, id: 5 }, 2],
    [{ value: 0, id: 0 }, 0],
    [{ value: 9, id: 5 }, 5],
  ])('finds the first item after %j in ascending order', (cursor, index) => {
    expect(positionAfter(asc, 'asc', cursor)).toBe(index);
  });
});

describe('SearchCache', () => {
  it('computes once per key while fresh', async () => {
    const cache = new SearchCache(60_000);
    let calls = 0;
    const compute = async () => ({ total: ++calls });
    expect(await cache.get('a', compute)).toEqual({ total: 1 });
    expect(await cache.get('a', compute)).toEqual({ total: 1 });
    expect(await cache.get('b', compute)).toEqual({ total: 2 });
  });

  it('recomputes an expired entry', async () => {
    const cache = new SearchCache(0);
    let calls = 0;
    const compute = async () => ({ total: ++calls });
    await cache.get('a', compute);
    expect(await cache.get('a', compute)).toEqual({ total: 2 });
  });
});

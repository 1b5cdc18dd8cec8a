import { describe, expect, it } from 'vitest';
import { SharedCache } from './cache';

describe('SharedCache', () => {
  it('shares one load between concurrent misses and keeps the value for its lifetime', async () => {
    let clock = 0;
    let loads = 0;
    const cache = new SharedCache<number>(1000, 10, () => clock);
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return loads;
    };
    const results = await Promise.all([1, 2, 3, 4].map(() => cache.get('a', load)));
    expect(results).toEqual([1, 1, 1, 1]);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('does not keep failures, and lets a value choose its own lifetime', async () => {
    let clock = 0;
    const cache = new SharedCache<string>(
      (v) => (v === 'error' ? 10 : 1000),
      10,
      () => clock,
    );
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'error')).toBe('error');
    clock = 10;
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('drops the oldest entry when full', async () => {
    const cache = new SharedCache<string>(1000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});

import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from './body';

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[{{{{"}', 1)).toBe(false);
    // An escaped quote does not end the string.
    expect(jsonDepthExceeds('{"a":"\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\\\"}', 1)).toBe(false);
    expect(jsonDepthExceeds('[[],[],[]]', 2)).toBe(false);
    expect(jsonDepthExceeds('42', 0)).toBe(false);
  });

  it('stops at the first bracket past the limit', () => {
    const deep = '['.repeat(5_000_000);
    expect(jsonDepthExceeds(deep, 8)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { fts5Words } from './search-match';

describe('fts5Words', () => {
  it('keeps words FTS5 reads as one, and cuts the others where FTS5 cuts them', () => {
    // search.ts never hands over "ab-cd"; it stands for a word JavaScript sees as one
    // and SQLite's tokenizer as two (a quoted phrase the index without positions refuses).
    expect(fts5Words(['saturn', 'café', 'ab-cd', 'ångström', '42'])).toEqual([
      'saturn',
      'café',
      'ab',
      'cd',
      'ångström',
      '42',
    ]);
  });
});

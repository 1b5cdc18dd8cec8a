import { describe, expect, it } from 'vitest';
import { searchTokens, toFts5Query, toTsQuery } from './search';

describe('search query building', () => {
  it.each([
    ['jupi', ['jupi'], '"jupi"*', "'jupi':*"],
    ['Saturn  rings', ['saturn', 'rings'], '"saturn" "rings"*', "'saturn' & 'rings':*"],
    [
      '"jupiter" OR NEAR(mars',
      ['jupiter', 'or', 'near', 'mars'],
      '"jupiter" "or" "near" "mars"*',
      "'jupiter' & 'or' & 'near' & 'mars':*",
    ],
    [
      "O'Neill's tsquery:* & | !",
      ['o', 'neill', 's', 'tsquery'],
      '"o" "neill" "s" "tsquery"*',
      "'o' & 'neill' & 's' & 'tsquery':*",
    ],
    [
      'Ångström-Café 42',
      ['ångström', 'café', '42'],
      '"ångström" "café" "42"*',
      "'ångström' & 'café' & '42':*",
    ],
  ])('%j becomes words quoted, the last one a prefix', (input, tokens, fts, ts) => {
    expect(searchTokens(input)).toEqual(tokens);
    expect(toFts5Query(tokens)).toBe(fts);
    expect(toTsQuery(tokens)).toBe(ts);
  });

  it.each(['!!', '"*', ' -- ', "'&|:*", '()'])('%j holds no words', (input) => {
    expect(searchTokens(input)).toEqual([]);
  });

  it('keeps at most 16 words', () => {
    expect(searchTokens('a '.repeat(40))).toHaveLength(16);
  });
});

import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan, readJsonDocument, readJsonOrNull } from './json-document';
import { SourceFetchError } from '../types';

describe('jsonNestsDeeperThan', () => {
  it.each([
    ['{}', 1, false],
    ['{}', 0, true],
    ['[[1],[2,[3]]]', 3, false],
    ['[[1],[2,[3]]]', 2, true],
    ['{"a":{"b":[{}]}}', 4, false],
    ['{"a":{"b":[{}]}}', 3, true],
    // Brackets inside strings do not count, escaped quotes do not end them.
    ['["[[[[", "{{{{"]', 1, false],
    ['["\\"[[[[", "\\\\", "{{"]', 1, false],
    ['["\\\\"[[]]', 1, true], // the string ends after the escaped backslash
    ['"unterminated [[[[', 0, false],
  ])('%s deeper than %i: %s', (text, max, deeper) => {
    expect(jsonNestsDeeperThan(text, max)).toBe(deeper);
  });

  it('reads a million-deep document in one pass', () => {
    expect(jsonNestsDeeperThan('['.repeat(1e6) + ']'.repeat(1e6), 64)).toBe(true);
    expect(jsonNestsDeeperThan(`[${'[1],'.repeat(1e6)}[]]`, 2)).toBe(false);
  });
});

describe('readJsonDocument', () => {
  const fails = (text: string, bounds = {}) => {
    try {
      readJsonDocument(text, 'the schedule', bounds);
    } catch (err) {
      expect(err).toBeInstanceOf(SourceFetchError);
      return (err as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('parses documents within the bounds', () => {
    expect(readJsonDocument('{"results":[{"id":"a"}]}', 'x')).toEqual({ results: [{ id: 'a' }] });
    expect(readJsonDocument('[[[]]]', 'x', { maxDepth: 3 })).toEqual([[[]]]);
  });

  it('refuses documents past them, and text that is not JSON, with the thing named', () => {
    expect(fails('[[[[]]]]', { maxDepth: 3 })).toBe(
      'Could not read the schedule: its JSON nests too deeply',
    );
    expect(fails(`"${'x'.repeat(2048)}"`, { maxChars: 2048 })).toBe(
      'Could not read the schedule: it is larger than 2 KB of JSON',
    );
    expect(fails('{"a":')).toBe('Could not parse the schedule: the response is not valid JSON');
  });

  it('answers null instead of refusing, for optional documents', () => {
    expect(readJsonOrNull('['.repeat(100) + ']'.repeat(100))).toBeNull();
    expect(readJsonOrNull('nope')).toBeNull();
    expect(readJsonOrNull('{"detail":"x"}')).toEqual({ detail: 'x' });
  });
});

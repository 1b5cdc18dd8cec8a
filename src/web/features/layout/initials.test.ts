import { describe, expect, it } from 'vitest';
import { initialsFor } from './initials';

describe('avatar initials', () => {
  it.each([
    ['Ada Lovelace', 'ada@example.com', 'AL'],
    ['Carl Edward Sagan', null, 'CS'],
    ['  vera  ', null, 'V'],
    ['', 'neil.tyson@example.com', 'NT'],
    [null, 'hubble@example.com', 'H'],
    [null, null, 'U'],
    ['   ', '', 'U'],
    ['émile zola', null, 'ÉZ'],
  ])('%s / %s gives %s', (name, email, expected) => {
    expect(initialsFor(name, email)).toBe(expected);
  });
});

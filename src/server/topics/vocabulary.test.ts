import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS } from './matcher';
import { allEntities, entityBySlug, matchEntities, topicsIn } from './vocabulary';

const slugs = (text: string) => topicsIn(text).map((t) => t.slug);

describe('the space vocabulary', () => {
  it('gives every entity a unique slug, a name, a kind and its name among its aliases', () => {
    const seen = new Set<string>();
    for (const entity of allEntities()) {
      expect(seen.has(entity.slug), entity.slug).toBe(false);
      seen.add(entity.slug);
      expect(entity.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(entity.aliases.length).toBeGreaterThan(0);
    }
    expect(entityBySlug('james-webb-space-telescope')?.aliases).toEqual(
      expect.arrayContaining(['JWST', 'Webb', 'James Webb Space Telescope']),
    );
    expect(entityBySlug('starship')?.kind).toBeDefined();
  });

  it('reads one alias as one topic each ("JWST" = "James Webb Space Telescope" = "Webb")', () => {
    for (const text of ['JWST sees a galaxy', 'The James Webb Space Telescope sees', 'Webb sees'])
      expect(slugs(text)).toEqual(['james-webb-space-telescope']);
  });

  it.each([
    ['ESA only in capitals', 'esa and Esa say', []],
    ['ESA in capitals', 'ESA says', ['esa']],
    ['Mars not inside Marshall', 'Marshall Space Flight Center', []],
    ['Webb not inside cobweb', 'a cobweb of dust', []],
    ['lower-case prose is not a name', 'the moon rose over the mars bar', []],
    ['Sun-synchronous orbit is not the Sun', 'into a Sun-synchronous orbit', []],
    ['hyphen and space read alike', 'a Falcon-9 and a Falcon 9', ['falcon-9']],
    ['the longest name wins', 'Artemis Accords signed', ['artemis-accords']],
    ['a mission implies its program', 'Artemis II crew', ['artemis-ii', 'artemis']],
    ['LL2 rocket variants join their family', 'a Long March 2D lifted off', ['long-march']],
  ])('%s', (_name, text, expected) => {
    expect(slugs(text)).toEqual(expected);
  });

  it('reports where each mention stands', () => {
    const [match] = matchEntities('Launch of NASA’s Europa Clipper');
    expect(match).toMatchObject({ slug: 'nasa', text: 'NASA', start: 10, end: 14 });
    expect(matchEntities('Launch of NASA’s Europa Clipper')[1]).toMatchObject({
      slug: 'europa-clipper',
      text: 'Europa Clipper',
    });
  });

  it('reads no further than its cap', () => {
    const text = 'x '.repeat(MAX_TEXT_CHARS) + 'NASA';
    expect(matchEntities(text)).toEqual([]);
    expect(slugs('NASA ' + text)).toEqual(['nasa']);
  });
});

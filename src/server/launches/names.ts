// Names for story ↔ launch links, found with the space vocabulary's matcher
// (topics/matcher.ts: whole words, case-aware, leftmost-longest, linear in a
// capped text). A launch's own names (its mission, vehicle, provider…) come
// from its record; the vocabulary adds the everyday names of the things it
// knows ("Atlas 5" for Atlas V, "ULA", "Roscosmos").
import { EntityMatcher, tokenize } from '../topics/matcher';
import { allEntities, matchEntities, type SpaceEntity } from '../topics/vocabulary';

/** Characters of a story read for names (title and summary; longer text adds noise, not names). */
export const TEXT_CAP = 6000;

export interface Name {
  /** The words, lower-cased: one key for every spelling of a name. */
  key: string;
  /** As the record spells it: the case the matcher asks of the text comes from it. */
  phrase: string;
}

/** Letters without their accents (Māhia → Mahia), compatibility forms unfolded. */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '');

const ROMAN: Record<string, string> = {
  i: '1',
  ii: '2',
  iii: '3',
  iv: '4',
  v: '5',
  vi: '6',
  vii: '7',
  viii: '8',
  ix: '9',
  x: '10',
};
export const romanToArabic = (token: string) => ROMAN[token] ?? null;

/** A phrase as a name; null when it has no words. */
export function nameOf(phrase: string): Name | null {
  const words = tokenize(fold(phrase));
  if (words.length === 0) return null;
  return { key: words.map((w) => w.key).join(' '), phrase: fold(phrase) };
}

/** The words of a name, lower-cased. */
export const wordsOf = (name: Name) => name.key.split(' ');

/**
 * A name that LL2 writes in capitals ("KAIROS", "HASTE") is written "Kairos" in
 * stories; acronyms of up to four letters stay capitals only.
 */
export function spellings(phrase: string): string[] {
  const capitalised = phrase.replace(/\b\p{Lu}{5,}\b/gu, (w) => w[0] + w.slice(1).toLowerCase());
  return capitalised === phrase ? [phrase] : [phrase, capitalised];
}

export interface NameScanner {
  /** The keys of the names standing in the text (whole words, case-aware, leftmost-longest). */
  scan(text: string): Set<string>;
}

/** One matcher over a set of names, built once for many stories. */
export function nameScanner(names: Iterable<Name>): NameScanner {
  const byKey = new Map<string, Set<string>>();
  for (const n of names) {
    const spelled = byKey.get(n.key) ?? new Set<string>();
    for (const s of spellings(n.phrase)) spelled.add(s);
    byKey.set(n.key, spelled);
  }
  const entities: SpaceEntity[] = [...byKey].map(([key, phrases]) => ({
    slug: key,
    name: key,
    kind: 'object',
    aliases: [...phrases],
    origin: 'll2',
  }));
  const matcher = new EntityMatcher(entities);
  return {
    scan: (text) => new Set(matcher.match(fold(text.slice(0, TEXT_CAP))).map((m) => m.slug)),
  };
}

/** What the vocabulary knows a phrase as: each entity it names, with all the names it goes by. */
export function vocabularyNames(phrase: string): Array<{ kind: string; aliases: string[] }> {
  const entities = allEntities();
  if (vocabulary.of !== entities)
    vocabulary = { of: entities, bySlug: new Map(entities.map((e) => [e.slug, e])) };
  return matchEntities(phrase).flatMap((m) => {
    const entity = vocabulary.bySlug.get(m.slug);
    return entity ? [{ kind: entity.kind, aliases: entity.aliases }] : [];
  });
}

/** The vocabulary by slug, rebuilt when the topics module swaps its entities in. */
let vocabulary: { of: readonly SpaceEntity[]; bySlug: Map<string, SpaceEntity> } = {
  of: [],
  bySlug: new Map(),
};

// What the clusterer knows of an item, computed once at ingestion and stored
// (story_items): its URL key, its simhash, its weighted words and its entities
// (topics the space vocabulary finds, launch links, flight designators).
import { storyUrlKey } from './canonical-url';
import { eventOf, isEventKind, kindBits, type EventSignature } from './events';
import { fnv, simhash, simhashFromHex, simhashToHex, type Simhash } from './simhash';
import { tokens, weightOf } from './text';

/** Title words count this much more than summary words. */
const TITLE_WEIGHT = 2;

export interface StoryFeatures {
  urlKey: string | null;
  simhash: Simhash;
  /**
   * The weighted words (title words heavier, common space words lighter) as two
   * parallel arrays sorted by the word's 32-bit hash: similarity is then one
   * merge of two short integer arrays (it runs for every member in reach).
   */
  termHashes: Int32Array;
  termWeights: Float64Array;
  /** The words themselves, as stored. */
  titleWords: string[];
  summaryWords: string[];
  /** Euclidean norm of terms. */
  norm: number;
  /** Entity keys, sorted and unique: topic slugs, "launch:<id>", "#designator". */
  entities: string[];
  /** The entity keys' 32-bit hashes, sorted, and which of them are designators: compared as integers. */
  entityHashes: Int32Array;
  designatorFlags: Uint8Array;
  /** The keys in the hashes' order: two equal hashes are one entity only if their keys are equal. */
  entityKeysByHash: string[];
  /** One bit per entity key (of 32, by hash): two items with no bit in common share no entity. */
  entityMask: number;
  /** The event the headline reports (events.ts). */
  event: EventSignature;
}

export interface FeatureInput {
  url: string | null;
  title: string;
  summary: string;
  /** Slugs the space vocabulary found in title and summary. */
  topics?: readonly string[];
  /** Launch ids the item is linked to. */
  launches?: readonly string[];
}

const wordHash = (word: string) => fnv(word, 0x811c9dc5) | 0;

function build(
  urlKey: string | null,
  hash: Simhash,
  titleWords: string[],
  summaryWords: string[],
  entities: Iterable<string>,
  event: EventSignature,
): StoryFeatures {
  const terms = new Map<number, number>();
  for (const w of summaryWords) terms.set(wordHash(w), weightOf(w));
  for (const w of titleWords) terms.set(wordHash(w), TITLE_WEIGHT * weightOf(w));
  const termHashes = Int32Array.from(terms.keys()).toSorted();
  const termWeights = Float64Array.from(termHashes, (h) => terms.get(h)!);
  let sum = 0;
  for (const v of termWeights) sum += v * v;
  const keys = [...new Set(entities)].toSorted();
  const hashed = keys
    .map((key) => ({ key, hash: wordHash(key), designator: key.startsWith('#') }))
    .toSorted((x, y) => x.hash - y.hash);
  let entityMask = 0;
  for (const entry of hashed) entityMask |= 1 << (entry.hash & 31);
  return {
    urlKey,
    simhash: hash,
    termHashes,
    termWeights,
    titleWords,
    summaryWords,
    norm: Math.sqrt(sum),
    entities: keys,
    entityHashes: Int32Array.from(hashed, (e) => e.hash),
    designatorFlags: Uint8Array.from(hashed, (e) => (e.designator ? 1 : 0)),
    entityKeysByHash: hashed.map((e) => e.key),
    entityMask,
    event,
  };
}

export function featuresOf(input: FeatureInput): StoryFeatures {
  const words = tokens(input.title, input.summary);
  return build(
    storyUrlKey(input.url),
    simhash(`${input.title}\n${input.summary}`),
    words.title,
    words.summary,
    [
      ...(input.topics ?? []),
      ...(input.launches ?? []).map((id) => `launch:${id}`),
      ...words.designators.map((d) => `#${d}`),
    ],
    eventOf(input.title, input.summary),
  );
}

/** Cosine similarity of the weighted words, 0..1. */
export function similarity(a: StoryFeatures, b: StoryFeatures): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const x = a.termHashes;
  const y = b.termHashes;
  let i = 0;
  let j = 0;
  let dot = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) dot += a.termWeights[i++] * b.termWeights[j++];
    else if (x[i] < y[j]) i++;
    else j++;
  }
  return dot / (a.norm * b.norm);
}

const NONE_SHARED = { all: 0, designators: 0 } as const;

/** Entities both items name: all of them, and the flight designators among them. */
export function sharedEntities(a: StoryFeatures, b: StoryFeatures) {
  if ((a.entityMask & b.entityMask) === 0) return NONE_SHARED;
  const x = a.entityHashes;
  const y = b.entityHashes;
  let i = 0;
  let j = 0;
  let all = 0;
  let designators = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      // A hash shared by two different names (rare) is no entity in common.
      if (a.entityKeysByHash[i] === b.entityKeysByHash[j]) {
        all++;
        designators += a.designatorFlags[i];
      }
      i++;
      j++;
    } else if (x[i] < y[j]) i++;
    else j++;
  }
  return all === 0 ? NONE_SHARED : { all, designators };
}

/**
 * Whether the two name different flights of one series: "Crew-11" and "Crew-12",
 * "Starlink 10-41" and "17-23", "Artemis 2" and "Artemis 3" (and neither names
 * the other's). Only the flight a story is about counts: a series named in
 * either headline, or a group number ("10-41") anywhere; a flight recalled in
 * passing ("the first since Apollo 17" beside "since Apollo 13") does not.
 */
export function differentFlights(a: StoryFeatures, b: StoryFeatures): boolean {
  const mine = designatorsBySeries(a);
  if (mine.size === 0) return false;
  const theirs = designatorsBySeries(b);
  for (const [series, own] of mine) {
    const other = theirs.get(series);
    if (!other || own.numbers.some((n) => other.numbers.includes(n))) continue;
    if (series === '' || own.inTitle || other.inTitle) return true;
  }
  return false;
}

interface SeriesFlights {
  numbers: string[];
  /** A flight of the series is named in the headline. */
  inTitle: boolean;
}

const seriesOf = new WeakMap<StoryFeatures, Map<string, SeriesFlights>>();

/** "#crew-12" → crew: [12]; "#10-41" → "": ["10-41"]; worked out once per item. */
function designatorsBySeries(f: StoryFeatures): Map<string, SeriesFlights> {
  const known = seriesOf.get(f);
  if (known) return known;
  const out = new Map<string, SeriesFlights>();
  seriesOf.set(f, out);
  for (const e of f.entities) {
    if (!e.startsWith('#')) continue;
    const m = /^#(?:([a-z][a-z0-9.]*?)-)?(\d[\d-]*)$/.exec(e);
    if (!m) continue;
    const series = m[1] ?? '';
    const entry = out.get(series) ?? { numbers: [], inTitle: false };
    entry.numbers.push(m[2]);
    entry.inTitle ||= f.titleWords.includes(e.slice(1));
    out.set(series, entry);
  }
  return out;
}

// ---------- stored form ----------
// One text column per part: terms as "word" (summary) or "^word" (title) separated
// by spaces, entities separated by spaces. Weights follow from the words.

export interface StoredFeatures {
  url_key: string | null;
  simhash: string;
  terms: string;
  entities: string;
  /** Event kinds, space-separated, after "roundup" for a round-up, "ahead" for an event still ahead and "lede" for kinds read in the lede. */
  events: string;
}

export function toStored(f: StoryFeatures): StoredFeatures {
  return {
    url_key: f.urlKey,
    simhash: simhashToHex(f.simhash),
    terms: [...f.titleWords.map((w) => `^${w}`), ...f.summaryWords].join(' '),
    entities: f.entities.join(' '),
    events: [
      ...(f.event.roundup ? ['roundup'] : []),
      ...(f.event.ahead ? ['ahead'] : []),
      ...(f.event.fromLede ? ['lede'] : []),
      ...f.event.kinds,
    ].join(' '),
  };
}

export function fromStored(row: StoredFeatures): StoryFeatures {
  const titleWords: string[] = [];
  const summaryWords: string[] = [];
  for (const w of row.terms.split(' ')) {
    if (!w) continue;
    if (w.startsWith('^')) titleWords.push(w.slice(1));
    else summaryWords.push(w);
  }
  const events = row.events.split(' ').filter(Boolean);
  return build(
    row.url_key,
    simhashFromHex(row.simhash) ?? [0, 0],
    titleWords,
    summaryWords,
    row.entities ? row.entities.split(' ').filter(Boolean) : [],
    {
      roundup: events.includes('roundup'),
      ahead: events.includes('ahead'),
      fromLede: events.includes('lede'),
      kinds: events.filter(isEventKind),
      bits: kindBits(events.filter(isEventKind)),
    },
  );
}

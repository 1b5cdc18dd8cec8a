// What the clusterer knows of an item, computed once at ingestion and stored
// (story_items): its URL key, its simhash, its weighted words and its entities
// (topics the space vocabulary finds, launch links, flight designators).
import { storyUrlKey } from './canonical-url';
import { eventOf, isEventKind, type EventSignature } from './events';
import { simhash, simhashFromHex, simhashToHex, type Simhash } from './simhash';
import { isDesignator, tokens, weightOf } from './text';

/** Title words count this much more than summary words. */
const TITLE_WEIGHT = 2;

export interface StoryFeatures {
  urlKey: string | null;
  simhash: Simhash;
  /** Word → weight (title words heavier, common space words lighter). */
  terms: Map<string, number>;
  /** The words themselves, as stored. */
  titleWords: string[];
  summaryWords: string[];
  /** Euclidean norm of terms. */
  norm: number;
  /** Entity keys, sorted and unique: topic slugs, "launch:<id>", "#designator". */
  entities: string[];
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

function build(
  urlKey: string | null,
  hash: Simhash,
  titleWords: string[],
  summaryWords: string[],
  entities: Iterable<string>,
  event: EventSignature,
): StoryFeatures {
  const terms = new Map<string, number>();
  for (const w of summaryWords) terms.set(w, weightOf(w));
  for (const w of titleWords) terms.set(w, TITLE_WEIGHT * weightOf(w));
  let sum = 0;
  for (const v of terms.values()) sum += v * v;
  return {
    urlKey,
    simhash: hash,
    terms,
    titleWords,
    summaryWords,
    norm: Math.sqrt(sum),
    entities: [...new Set(entities)].toSorted(),
    event,
  };
}

export function featuresOf(input: FeatureInput): StoryFeatures {
  const words = tokens(input.title, input.summary);
  const designators = [...words.title, ...words.summary].filter(isDesignator);
  return build(
    storyUrlKey(input.url),
    simhash(`${input.title}\n${input.summary}`),
    words.title,
    words.summary,
    [
      ...(input.topics ?? []),
      ...(input.launches ?? []).map((id) => `launch:${id}`),
      ...designators.map((d) => `#${d}`),
    ],
    eventOf(input.title, input.summary),
  );
}

/** Cosine similarity of the weighted words, 0..1. */
export function similarity(a: StoryFeatures, b: StoryFeatures): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.terms.size <= b.terms.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [word, weight] of small.terms) {
    const other = large.terms.get(word);
    if (other !== undefined) dot += weight * other;
  }
  return dot / (a.norm * b.norm);
}

/** Entities both items name (both lists are sorted): all of them, and the flight designators among them. */
export function sharedEntities(a: StoryFeatures, b: StoryFeatures) {
  let i = 0;
  let j = 0;
  let all = 0;
  let designators = 0;
  while (i < a.entities.length && j < b.entities.length) {
    if (a.entities[i] === b.entities[j]) {
      all++;
      if (a.entities[i].startsWith('#')) designators++;
      i++;
      j++;
    } else if (a.entities[i] < b.entities[j]) i++;
    else j++;
  }
  return { all, designators };
}

/**
 * Whether the two name different flights of one series: "Crew-11" and "Crew-12",
 * "Starlink 10-41" and "17-23", "Artemis 2" and "Artemis 3" (and neither names
 * the other's).
 */
export function differentFlights(a: StoryFeatures, b: StoryFeatures): boolean {
  const mine = designatorsBySeries(a);
  if (mine.size === 0) return false;
  const theirs = designatorsBySeries(b);
  for (const [series, numbers] of mine) {
    const other = theirs.get(series);
    if (other && !numbers.some((n) => other.includes(n))) return true;
  }
  return false;
}

const seriesOf = new WeakMap<StoryFeatures, Map<string, string[]>>();

/** "#crew-12" → crew: [12]; "#10-41" → "": ["10-41"]; worked out once per item. */
function designatorsBySeries(f: StoryFeatures): Map<string, string[]> {
  const known = seriesOf.get(f);
  if (known) return known;
  const out = new Map<string, string[]>();
  seriesOf.set(f, out);
  for (const e of f.entities) {
    if (!e.startsWith('#')) continue;
    const m = /^#(?:([a-z][a-z0-9.]*?)-)?(\d[\d-]*)$/.exec(e);
    if (!m) continue;
    const series = m[1] ?? '';
    out.set(series, [...(out.get(series) ?? []), m[2]]);
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
  /** Event kinds, space-separated, after "roundup" for a round-up and "ahead" for an event still ahead. */
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
      kinds: events.filter(isEventKind),
    },
  );
}

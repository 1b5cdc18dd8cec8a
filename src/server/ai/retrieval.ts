// The stored stories that best match a question, through the full-text index.
// Each content word is looked up on its own (its newest matches, a bounded
// read), stories are scored by the words they match (rarer words weigh more)
// and equals are ordered newest first. Only sources the caller may read.
import type { DB, Dialect } from '../db/database';
import { searchTokens } from '../news/search';
import { loadStories, newestMatches, sourcesInScope, type Scope, type Story } from './repository';
import { STOPWORDS } from './stopwords';

/** Matches read per word: bounds the work whatever the store's size. */
const PER_WORD = 200;
const MAX_WORDS = 8;

/** The words of a question worth searching for. */
export function keywords(question: string): string[] {
  const words = searchTokens(question.slice(0, 2000)).filter(
    (w) => (w.length > 2 || /\d/.test(w)) && !STOPWORDS.has(w),
  );
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** Up to `limit` stories for the question, best first; [] when nothing stored matches. */
export async function findStories(
  db: DB,
  dialect: Dialect,
  scope: Scope,
  question: string,
  limit: number,
): Promise<Story[]> {
  const words = keywords(question);
  if (words.length === 0) return [];
  const sourceIds = await sourcesInScope(db, scope);
  if (sourceIds.length === 0) return [];
  const score = new Map<number, number>();
  for (const word of words) {
    const ids = await newestMatches(db, dialect, word, sourceIds, PER_WORD);
    // A word with few matches tells more than one with many.
    const weight = 1 + Math.log((PER_WORD + 1) / (ids.length + 1));
    for (const id of ids) score.set(id, (score.get(id) ?? 0) + weight);
  }
  // Ids grow with insertion, so among equal scores the higher id is the newer
  // candidate; the final order below uses the published time.
  const candidates = [...score.entries()]
    .toSorted((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, limit * 4)
    .map(([id]) => id);
  const stories = await loadStories(db, candidates);
  return stories
    .toSorted(
      (a, b) =>
        (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0) ||
        b.publishedAt - a.publishedAt ||
        b.id - a.id,
    )
    .slice(0, limit);
}

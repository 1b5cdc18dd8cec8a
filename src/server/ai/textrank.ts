// Extractive summaries: TextRank (sentences as nodes, shared words as weighted
// edges, PageRank over the graph) with a small lead bias, since news puts the
// point first. Overlaps come from an inverted index, so the work grows with the
// shared words rather than with every pair of sentences.
import { capText, splitSentences } from './sentences';
import { STOPWORDS } from './stopwords';

/** Sentences considered: the rest of a very long article adds cost, not a better summary. */
const MAX_SENTENCES = 200;
/** Text read for a summary: the sentences past it would not be ranked. */
export const SUMMARY_INPUT_CHARS = 24_000;
const DAMPING = 0.85;
const ITERATIONS = 40;

/** Content words of a sentence: lower-cased, stopwords out, a plural 's' folded. */
export function contentWords(sentence: string): string[] {
  const words = sentence
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2 && !STOPWORDS.has(w));
  return words.map((w) =>
    w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w,
  );
}

/** Scores per sentence (higher is more central). */
export function rankSentences(sentences: string[]): number[] {
  const n = sentences.length;
  // Words as small integers, each sentence as its distinct word ids.
  const vocabulary = new Map<string, number>();
  const bags = sentences.map((s) => {
    const ids = new Set<number>();
    for (const w of contentWords(s)) {
      let id = vocabulary.get(w);
      if (id === undefined) vocabulary.set(w, (id = vocabulary.size));
      ids.add(id);
    }
    return [...ids];
  });
  const postings: number[][] = Array.from({ length: vocabulary.size }, () => []);
  bags.forEach((bag, i) => {
    for (const id of bag) postings[id].push(i);
  });
  // Shared-word counts per pair in one dense n×n table (n ≤ MAX_SENTENCES).
  const shared = new Float64Array(n * n);
  for (const list of postings) {
    if (list.length > 60) continue; // a word in most sentences says little
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) shared[list[a] * n + list[b]]++;
  }
  const logSize = bags.map((bag) => Math.log(bag.length + 1));
  const weight = new Float64Array(n * n);
  const outWeight = new Float64Array(n);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const count = shared[i * n + j];
      if (count === 0) continue;
      const w = count / (logSize[i] + logSize[j]);
      weight[i * n + j] = w;
      weight[j * n + i] = w;
      outWeight[i] += w;
      outWeight[j] += w;
    }
  let score = new Float64Array(n).fill(1);
  for (let it = 0; it < ITERATIONS; it++) {
    const share = score.map((s, j) => (outWeight[j] > 0 ? s / outWeight[j] : 0));
    const next = new Float64Array(n);
    let change = 0;
    for (let i = 0; i < n; i++) {
      let sum = 0;
      const row = i * n;
      for (let j = 0; j < n; j++) sum += weight[row + j] * share[j];
      next[i] = 1 - DAMPING + DAMPING * sum;
      change += Math.abs(next[i] - score[i]);
    }
    score = next;
    if (change < 1e-4 * n) break; // converged
  }
  // Lead bias: the first sentences of a news story carry its point.
  return Array.from(score, (s, i) => s * (1 + 0.6 / (1 + i)) * (bags[i].length < 3 ? 0.5 : 1));
}

export interface SummaryOptions {
  /** Sentences wanted. */
  sentences: number;
  /** Characters at most (whole sentences; the first is always kept). */
  maxChars: number;
  /** Always start with the article's first sentence (short extracts of news: the lead says what happened). */
  keepLead?: boolean;
  /**
   * Short text the reader already sees beside the summary (a card's 200-character
   * preview): sentences wholly inside it are not picked, unless nothing else is left.
   */
  shown?: string;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The preview is short, so each look-up is bounded by its length. */
const SHOWN_MAX_CHARS = 1_000;

/** The best sentences, in the article's order. */
export function extractiveSummary(
  text: string,
  { sentences: wanted, maxChars, keepLead = false, shown }: SummaryOptions,
): string {
  // Only the first MAX_SENTENCES count, so only their text is split (about 3,500 words).
  const all = splitSentences(capText(text, SUMMARY_INPUT_CHARS)).slice(0, MAX_SENTENCES);
  const seen = shown ? collapse(shown.slice(0, SHOWN_MAX_CHARS)) : '';
  const fresh = all.map((_, i) => i).filter((i) => !seen || !seen.includes(all[i]));
  // Everything is already shown: the whole extract beats no summary at all.
  const candidates = fresh.length > 0 ? fresh : all.map((_, i) => i);
  if (candidates.length <= wanted) return candidates.map((i) => all[i]).join(' ');
  const scores = rankSentences(all);
  if (keepLead) scores[candidates[0]] = Infinity;
  const best = candidates
    .toSorted((a, b) => scores[b] - scores[a] || a - b)
    .slice(0, wanted)
    .toSorted((a, b) => a - b);
  const picked: string[] = [];
  let length = 0;
  for (const i of best) {
    if (picked.length > 0 && length + all[i].length > maxChars) continue;
    picked.push(all[i]);
    length += all[i].length + 1;
  }
  return picked.join(' ');
}

// Extractive summaries: TextRank (sentences as nodes, shared words as weighted
// edges, PageRank over the graph) with a small lead bias, since news puts the
// point first. Overlaps come from an inverted index, so the work grows with the
// shared words rather than with every pair of sentences.
import { splitSentences } from './sentences';
import { STOPWORDS } from './stopwords';

/** Sentences considered: the rest of a very long article adds cost, not a better summary. */
const MAX_SENTENCES = 250;
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
  const bags = sentences.map((s) => new Set(contentWords(s)));
  const index = new Map<string, number[]>();
  bags.forEach((bag, i) => {
    for (const w of bag) {
      const list = index.get(w);
      if (list) list.push(i);
      else index.set(w, [i]);
    }
  });
  // Shared-word counts per pair, only for pairs that share a word.
  const overlap = Array.from({ length: n }, () => new Map<number, number>());
  for (const list of index.values()) {
    if (list.length > 60) continue; // a word in most sentences says little
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) {
        const i = list[a];
        const j = list[b];
        overlap[i].set(j, (overlap[i].get(j) ?? 0) + 1);
      }
  }
  const edges: Array<Array<[number, number]>> = Array.from({ length: n }, () => []);
  const outWeight = new Float64Array(n);
  overlap.forEach((row, i) => {
    for (const [j, count] of row) {
      const denom = Math.log(bags[i].size + 1) + Math.log(bags[j].size + 1);
      const w = denom > 0 ? count / denom : 0;
      if (w <= 0) continue;
      edges[i].push([j, w]);
      edges[j].push([i, w]);
      outWeight[i] += w;
      outWeight[j] += w;
    }
  });
  let score = new Float64Array(n).fill(1);
  for (let it = 0; it < ITERATIONS; it++) {
    const next = new Float64Array(n).fill(1 - DAMPING);
    for (let i = 0; i < n; i++)
      for (const [j, w] of edges[i])
        if (outWeight[j] > 0) next[i] += (DAMPING * w * score[j]) / outWeight[j];
    score = next;
  }
  // Lead bias: the first sentences of a news story carry its point.
  return Array.from(score, (s, i) => s * (1 + 0.6 / (1 + i)) * (bags[i].size < 3 ? 0.5 : 1));
}

export interface SummaryOptions {
  /** Sentences wanted. */
  sentences: number;
  /** Characters at most (whole sentences; the first is always kept). */
  maxChars: number;
}

/** The best sentences, in the article's order. */
export function extractiveSummary(
  text: string,
  { sentences: wanted, maxChars }: SummaryOptions,
): string {
  const all = splitSentences(text).slice(0, MAX_SENTENCES);
  if (all.length <= wanted) return all.join(' ');
  const scores = rankSentences(all);
  const best = all
    .map((_, i) => i)
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

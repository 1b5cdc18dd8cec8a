// Measuring the clusterer on labelled real articles (test/fixtures/stories/):
// clustering a list in publication order the way ingestion does, pairwise
// precision and recall over labelled pairs, B-cubed over a gold clustering, and
// the title-matching baseline (NewsBlur's: normalised title, else the Jaccard
// index of significant title words).
import type { StoryThresholds } from './assign';
import { assignAll, type Node } from './cluster';
import { featuresOf } from './features';

export interface LabelledArticle {
  id: string;
  site: string;
  title: string;
  summary: string;
  url: string;
  publishedAt: string;
  story: string;
}

export interface LabelledPair {
  a: string;
  b: string;
  same: boolean;
}

/** Finds the topic slugs in a text (the space vocabulary's matcher). */
export type TopicFinder = (text: string) => readonly string[];

export const siteKey = (site: string) => site.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Clusters the articles as ingestion would: in publication order, each against
 * the stories of the items already seen within the window. Launch ids are not
 * used (the measurement must hold without launch links). Answers article id →
 * story number.
 */
export function clusterArticles(
  articles: readonly LabelledArticle[],
  thresholds: StoryThresholds,
  findTopics: TopicFinder = () => [],
): Map<string, number> {
  const sites = new Map<string, number>();
  const ordered = articles.toSorted(
    (x, y) => Date.parse(x.publishedAt) - Date.parse(y.publishedAt) || x.id.localeCompare(y.id),
  );
  // Each article arrives on its own, as from its site's feed, through the step's own code.
  const placed: Node[] = [];
  const nodeOf = new Map<string, Node>();
  ordered.forEach((a, index) => {
    const site = siteKey(a.site);
    if (!sites.has(site)) sites.set(site, sites.size + 1);
    const node: Node = {
      id: index + 1,
      sourceId: sites.get(site)!,
      publishedAt: Date.parse(a.publishedAt),
      rank: 0,
      storyId: index + 1,
      features: featuresOf({
        url: a.url,
        title: a.title,
        summary: a.summary,
        topics: findTopics(`${a.title}\n${a.summary}`),
      }),
    };
    assignAll(placed, [node], thresholds, () => false);
    placed.push(node);
    nodeOf.set(a.id, node);
  });
  return new Map([...nodeOf].map(([id, node]) => [id, node.storyId]));
}

export interface PairScores {
  precision: number;
  recall: number;
  f1: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

export function pairScores(
  pairs: readonly LabelledPair[],
  predict: (a: string, b: string) => boolean,
): PairScores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const p of pairs) {
    const said = predict(p.a, p.b);
    if (said && p.same) tp++;
    else if (said) fp++;
    else if (p.same) fn++;
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  return {
    precision,
    recall,
    f1: f1(precision, recall),
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
  };
}

/** B-cubed precision, recall and F1 of a clustering against the gold one (Bagga and Baldwin). */
export function bCubed(gold: Map<string, string>, predicted: Map<string, number>) {
  const byGold = new Map<string, string[]>();
  const byPredicted = new Map<number, string[]>();
  for (const [id, g] of gold) {
    byGold.set(g, [...(byGold.get(g) ?? []), id]);
    const p = predicted.get(id)!;
    byPredicted.set(p, [...(byPredicted.get(p) ?? []), id]);
  }
  let precision = 0;
  let recall = 0;
  for (const [id, g] of gold) {
    const mine = byPredicted.get(predicted.get(id)!)!;
    const truth = byGold.get(g)!;
    const both = mine.filter((x) => gold.get(x) === g).length;
    precision += both / mine.length;
    recall += both / truth.length;
  }
  precision /= gold.size;
  recall /= gold.size;
  return { precision, recall, f1: f1(precision, recall) };
}

// ---------- the title-matching baseline ----------

const BASELINE_STOP = new Set(
  'a an and are as at be by for from has have in is it its of on or that the this to was were will with'.split(
    ' ',
  ),
);

/** Lower case, punctuation out, single spaces. */
export const normalisedTitle = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const significantWords = (title: string) =>
  new Set(
    normalisedTitle(title)
      .split(' ')
      .filter((w) => w.length > 2 && !BASELINE_STOP.has(w)),
  );

/** NewsBlur-style: the same normalised title, or significant-word Jaccard at least `threshold`. */
export function titleMatch(a: string, b: string, threshold: number): boolean {
  if (normalisedTitle(a) === normalisedTitle(b)) return true;
  const x = significantWords(a);
  const y = significantWords(b);
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  const union = x.size + y.size - both;
  return union > 0 && both / union >= threshold;
}

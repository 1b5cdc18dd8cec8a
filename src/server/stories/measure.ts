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
  /** The launches SNAPI links the article to (the labelled set's candidates for positives). */
  launchIds?: readonly string[];
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
 * used unless `withLaunches` (the measurement must hold without launch links).
 * Answers article id → story number.
 */
export function clusterArticles(
  articles: readonly LabelledArticle[],
  thresholds: StoryThresholds,
  findTopics: TopicFinder = () => [],
  withLaunches = false,
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
        launches: withLaunches ? a.launchIds : [],
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

// ---------- what the rules allow ----------

/** Gold stories larger than this are not searched exhaustively (the fixture's largest has 6). */
const MAX_SEARCHED_STORY = 12;

export interface RuleBound {
  /** Labelled same-story pairs. */
  positives: number;
  /** The most of them one clustering that keeps the rules can hold at once. */
  ceiling: number;
  /** Those no such clustering can hold at all: further apart than the story age allows, or across a gap no article of the story bridges. */
  unreachable: number;
  /** Those each some clustering can hold, but not all together: mostly a site with two items in the story. */
  notTogether: number;
}

/**
 * How many labelled same-story pairs any clustering could join while keeping the
 * issue's rules: never two items of one site in a story, every item within the
 * gap of another member, the story no older than the age from first to last.
 * Each gold story is split every possible way (set partitions, by dynamic
 * programming over subsets) and the best split counted. Pairs the rules forbid
 * are a limit of the measurement, not a miss of the clusterer; the raw recall
 * (over every labelled pair) is printed beside the bounded one.
 */
export function ruleBound(
  articles: readonly LabelledArticle[],
  pairs: readonly LabelledPair[],
  t: Pick<StoryThresholds, 'maxGapMs' | 'maxAgeMs'>,
): RuleBound {
  const byStory = new Map<string, LabelledArticle[]>();
  for (const a of articles) byStory.set(a.story, [...(byStory.get(a.story) ?? []), a]);
  const positive = new Set(pairs.filter((p) => p.same).map((p) => [p.a, p.b].toSorted().join(' ')));
  let ceiling = 0;
  let reachable = 0;
  for (const members of byStory.values()) {
    const n = members.length;
    if (n < 2) continue;
    if (n > MAX_SEARCHED_STORY)
      throw new Error(`story ${members[0].story} has ${n} articles: too many to search`);
    const items = members
      .map((a) => ({ id: a.id, site: siteKey(a.site), at: Date.parse(a.publishedAt) }))
      .toSorted((x, y) => x.at - y.at);
    const labelled = (i: number, j: number) =>
      positive.has([items[i].id, items[j].id].toSorted().join(' '));
    // Every subset that can be one story, and the labelled pairs it holds.
    const full = (1 << n) - 1;
    const held = new Int32Array(full + 1).fill(-1);
    const joinable = new Set<string>();
    for (let mask = 1; mask <= full; mask++) {
      const chosen = items.map((_, i) => i).filter((i) => mask & (1 << i));
      const sites = new Set(chosen.map((i) => items[i].site));
      if (sites.size !== chosen.length) continue;
      if (items[chosen.at(-1)!].at - items[chosen[0]].at > t.maxAgeMs) continue;
      if (chosen.some((i, k) => k > 0 && items[i].at - items[chosen[k - 1]].at > t.maxGapMs))
        continue;
      let count = 0;
      for (let x = 0; x < chosen.length; x++)
        for (let y = x + 1; y < chosen.length; y++)
          if (labelled(chosen[x], chosen[y])) {
            count++;
            joinable.add(`${chosen[x]} ${chosen[y]}`);
          }
      held[mask] = count;
    }
    // best[mask]: the most pairs a split of `mask` into valid stories holds.
    const best = new Int32Array(full + 1);
    for (let mask = 1; mask <= full; mask++) {
      const low = mask & -mask;
      const rest = mask ^ low;
      let top = 0;
      // Every block holding the lowest item: `low` plus any subset of the rest.
      for (let sub = rest; ; sub = (sub - 1) & rest) {
        const block = sub | low;
        if (held[block] >= 0) top = Math.max(top, held[block] + best[mask ^ block]);
        if (sub === 0) break;
      }
      best[mask] = top;
    }
    ceiling += best[full];
    reachable += joinable.size;
  }
  const positives = positive.size;
  return {
    positives,
    ceiling,
    unreachable: positives - reachable,
    notTogether: reachable - ceiling,
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

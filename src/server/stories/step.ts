// Clustering at ingestion: the after-store step (ingest/after-store.ts) that
// puts each stored item in its story, inside the store's transaction. It reads
// the window of remembered items around the fetch's items (one index range),
// compares each new item with the stories in it (assign.ts) and writes only the
// story rows that change (story_members). Odd data never fails a fetch: an item whose text
// cannot be read is left alone, as if it had no story.
import type { Config } from '../config';
import { dialectOf, type Tx } from '../db/database';
import type { AfterStoreContext, AfterStoreStep, StoredItem } from '../ingest/after-store';
import { LruMap } from '../lru-map';
import type { StoryThresholds } from './assign';
import { assignAll, membershipUpdates, type CurrentMembership, type Node } from './cluster';
import { launchLinksOf, topicsForClustering } from './entities';
import { featuresOf, fromStored, toStored, type StoryFeatures } from './features';
import type { TopicFinder } from './measure';
import { rankOf } from './primary';
import {
  apartPairs,
  lockClustering,
  pruneFeatures,
  saveFeatures,
  windowRows,
  writeMembership,
  type FeatureRow,
} from './repository';

const HOUR = 3_600_000;
/** Items remembered for clustering: long enough for any story still open to find them. */
const REMEMBER_FACTOR = 2;
const PRUNE_PER_CALL = 2_000;

export function thresholdsOf(config: Config): StoryThresholds {
  const s = config.stories;
  return {
    maxGapMs: s.maxGapHours * HOUR,
    maxAgeMs: s.maxAgeHours * HOUR,
    nearDuplicateBits: s.nearDuplicateBits,
    minSimilarity: s.minSimilarity,
    minSimilarityUnknownEvent: s.minSimilarityUnknownEvent,
  };
}

/** What ingestion knows of an item, as the clusterer reads it. */
export function featureInput(
  item: StoredItem['item'],
  findTopics: TopicFinder,
  launches: readonly string[] = [],
) {
  return {
    url: item.url,
    title: item.title,
    summary: item.summaryText,
    topics: findTopics(`${item.title}\n${item.summaryText.slice(0, 2_000)}`),
    launches,
  };
}

// Parsed features of stored rows, per thread: the window is read on every fetch,
// its rows change rarely. Keyed by item, checked against the stored text.
const parsed = new LruMap<number, { key: string; features: StoryFeatures }>({
  maxEntries: 20_000,
});
function parse(row: FeatureRow): StoryFeatures {
  const key = `${row.simhash}|${row.url_key ?? ''}|${row.events}|${row.entities}|${row.terms}`;
  const hit = parsed.get(row.item_id);
  if (hit?.key === key) return hit.features;
  const features = fromStored(row);
  parsed.set(row.item_id, { key, features });
  return features;
}

export interface StoryStepDeps {
  findTopics: TopicFinder;
  launchLinks: (tx: Tx, ids: readonly number[]) => Promise<Map<number, string[]>>;
}

export async function clusterStored(
  tx: Tx,
  items: readonly StoredItem[],
  context: AfterStoreContext,
  deps: StoryStepDeps,
): Promise<void> {
  const t = thresholdsOf(context.config);
  if (dialectOf(tx) === 'postgres') await lockClustering(tx);
  const links = await deps.launchLinks(
    tx,
    items.map((i) => i.id),
  );

  const rows: FeatureRow[] = [];
  const fresh = new Map<number, { features: StoryFeatures; isNew: boolean }>();
  for (const stored of items) {
    try {
      const input = featureInput(stored.item, deps.findTopics, links.get(stored.id));
      const features = featuresOf(input);
      const text = Math.max(stored.item.contentText?.length ?? 0, stored.item.summaryText.length);
      rows.push({
        item_id: stored.id,
        source_id: context.sourceId,
        published_at: stored.item.publishedAt,
        rank: rankOf(context.sourceType, text),
        ...toStored(features),
      });
      fresh.set(stored.id, { features, isNew: stored.isNew });
    } catch {
      // An item whose text the clusterer cannot read stays alone.
    }
  }
  if (rows.length === 0) return;
  await saveFeatures(tx, rows);

  const times = rows.map((r) => r.published_at);
  const reach = t.maxAgeMs + t.maxGapMs;
  const window = await windowRows(tx, Math.min(...times) - reach, Math.max(...times) + reach);
  const current = new Map<number, CurrentMembership>();
  const nodes: Node[] = [];
  for (const r of window) {
    if (r.story_id !== null)
      current.set(r.item_id, {
        story_id: r.story_id,
        story_rank: r.story_rank ?? 0,
        story_top: r.story_top ?? 0,
      });
    nodes.push({
      id: r.item_id,
      sourceId: r.source_id,
      publishedAt: r.published_at,
      rank: r.rank,
      storyId: r.story_id ?? r.item_id,
      features: fresh.get(r.item_id)?.features ?? parse(r),
    });
  }
  // New items, and rewritten ones still alone (their new text may match), look for a story;
  // rewritten members keep theirs, with their new rank.
  const candidates = nodes.filter((n) => {
    const f = fresh.get(n.id);
    return f && (f.isNew || !current.has(n.id));
  });
  const assigning = new Set(candidates);
  const apart = await apartPairs(
    tx,
    candidates.map((c) => c.id),
  );
  const touched = assignAll(nodes, candidates, t, (a, b) => apart.has(`${a} ${b}`));
  for (const n of nodes) if (fresh.has(n.id) && !assigning.has(n)) touched.add(n.storyId);
  await writeMembership(tx, membershipUpdates(nodes, touched, current));

  await pruneFeatures(tx, context.now - REMEMBER_FACTOR * reach - 24 * HOUR, PRUNE_PER_CALL);
}

/** The after-store step, with the space vocabulary and the launch links. */
export function storyStep(
  deps: StoryStepDeps = { findTopics: topicsForClustering, launchLinks: launchLinksOf },
): AfterStoreStep {
  return { name: 'stories', run: (tx, items, context) => clusterStored(tx, items, context, deps) };
}

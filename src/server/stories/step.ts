// Clustering at ingestion: the after-store step (ingest/after-store.ts) that
// puts each stored item in its story, inside the store's transaction. It takes
// the window of remembered items around the fetch's items (window.ts: held in
// memory, read again only when another writer changed it),
// compares each new item with the stories in it (assign.ts) and writes only the
// story rows that change (story_members). Odd data never fails a fetch: an item whose text
// cannot be read is left alone, as if it had no story.
import type { Config } from '../config';
import { dialectOf, type Tx } from '../db/database';
import type { AfterStoreContext, AfterStoreStep, StoredItem } from '../ingest/after-store';
import type { StoryThresholds } from './assign';
import { assignAll, membershipUpdates, type CurrentMembership, type Node } from './cluster';
import { launchLinksOf, topicsForClustering } from './entities';
import { featuresOf, toStored } from './features';
import type { TopicFinder } from './measure';
import { rankOf } from './primary';
import {
  apartPairs,
  lockClustering,
  pruneFeatures,
  saveFeatures,
  touchStories,
  writeMembership,
  type FeatureRow,
} from './repository';
import { keep, remembered } from './window';

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
  const fresh = new Map<number, { node: Node; isNew: boolean }>();
  for (const stored of items) {
    try {
      const features = featuresOf(featureInput(stored.item, deps.findTopics, links.get(stored.id)));
      const text = Math.max(stored.item.contentText?.length ?? 0, stored.item.summaryText.length);
      const row: FeatureRow = {
        item_id: stored.id,
        source_id: context.sourceId,
        published_at: stored.item.publishedAt,
        rank: rankOf(context.sourceType, text),
        ...toStored(features),
      };
      rows.push(row);
      fresh.set(stored.id, {
        isNew: stored.isNew,
        node: {
          id: row.item_id,
          sourceId: row.source_id,
          publishedAt: row.published_at,
          rank: row.rank,
          storyId: row.item_id,
          features,
        },
      });
    } catch {
      // An item whose text the clusterer cannot read stays alone.
    }
  }
  if (rows.length === 0) return;

  const reach = t.maxAgeMs + t.maxGapMs;
  const horizon = context.now - REMEMBER_FACTOR * reach - 24 * HOUR;
  const entries = await remembered(tx, horizon);
  await saveFeatures(tx, rows);

  // This fetch's items take their place in the window (a rewritten one keeps its story).
  for (const [id, { node }] of fresh) {
    const held = entries.get(id);
    if (held) node.storyId = held.node.storyId;
    if (node.publishedAt >= horizon) entries.set(id, { node, current: held?.current });
  }
  const lo = Math.min(...rows.map((r) => r.published_at)) - reach;
  const hi = Math.max(...rows.map((r) => r.published_at)) + reach;
  const nodes: Node[] = [];
  const current = new Map<number, CurrentMembership>();
  for (const e of entries.values()) {
    if (e.node.publishedAt < lo || e.node.publishedAt > hi) continue;
    nodes.push(e.node);
    if (e.current) current.set(e.node.id, e.current);
  }
  const inWindow = new Set(nodes);
  for (const { node } of fresh.values()) if (!inWindow.has(node)) nodes.push(node);

  // New items, and rewritten ones still alone (their new text may match), look for a story;
  // rewritten members keep theirs, with their new rank.
  const candidates = [...fresh.values()]
    .filter(({ node, isNew }) => isNew || !current.has(node.id))
    .map(({ node }) => node);
  const assigning = new Set(candidates);
  const apart = await apartPairs(
    tx,
    candidates.map((c) => c.id),
  );
  const touched = assignAll(nodes, candidates, t, (a, b) => apart.has(`${a} ${b}`));
  for (const { node } of fresh.values()) if (!assigning.has(node)) touched.add(node.storyId);
  const updates = membershipUpdates(nodes, touched, current);
  await writeMembership(tx, updates);
  for (const u of updates) {
    const e = entries.get(u.item_id);
    if (!e) continue;
    e.current =
      u.story_id === null
        ? undefined
        : { story_id: u.story_id, story_rank: u.story_rank, story_top: u.story_top };
    e.node.storyId = u.story_id ?? u.item_id;
  }

  await pruneFeatures(tx, horizon, PRUNE_PER_CALL);
  keep(await touchStories(tx), horizon);
}

/** The after-store step, with the space vocabulary and the launch links. */
export function storyStep(
  deps: StoryStepDeps = { findTopics: topicsForClustering, launchLinks: launchLinksOf },
): AfterStoreStep {
  return { name: 'stories', run: (tx, items, context) => clusterStored(tx, items, context, deps) };
}

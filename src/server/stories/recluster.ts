// Re-clustering a range of stored items from scratch: after the thresholds or
// the vocabulary change, or for items stored before clustering existed. Reads
// the items' text from news_items (not the remembered features, which keep a
// few days only), clusters them in publication order as ingestion would, keeps
// every split a reader made, and writes only the story rows that change.
// Stories that reach back before the range keep their older members.
import type { Config } from '../config';
import type { DB, Tx } from '../db/database';
import { assignAll, membershipUpdates, type CurrentMembership, type Node } from './cluster';
import { launchLinksOf, topicsForClustering } from './entities';
import { featuresOf, toStored } from './features';
import type { TopicFinder } from './measure';
import { rankOf } from './primary';
import { isSourceType } from './source-type';
import {
  apartPairs,
  membershipOf,
  membersOf,
  saveFeatures,
  touchStories,
  writeMembership,
  type FeatureRow,
} from './repository';
import { thresholdsOf } from './step';

const PAGE = 2_000;
/** Characters of a summary read: what the clusterer reads of it. */
const SUMMARY_READ = 2_000;

export interface ReclusterResult {
  items: number;
  /** Stories of more than one item among them. */
  stories: number;
  /** Items whose story columns changed. */
  changed: number;
}

async function readRange(db: DB | Tx, from: number, to: number) {
  const rows = [];
  let after: { at: number; id: number } | null = null;
  for (;;) {
    let query = db
      .selectFrom('news_items')
      .innerJoin('news_sources', 'news_sources.id', 'news_items.source_id')
      .where('news_items.published_at', '>=', from)
      .where('news_items.published_at', '<=', to)
      .select((eb) => [
        'news_items.id',
        'news_items.source_id',
        'news_sources.source_type',
        'news_items.url',
        'news_items.title',
        eb
          .fn<string>('substr', ['news_items.summary_text', eb.lit(1), eb.lit(SUMMARY_READ)])
          .as('summary'),
        eb.fn<number>('length', ['news_items.summary_text']).as('summary_length'),
        eb.fn<number | null>('length', ['news_items.content_text']).as('content_length'),
        'news_items.published_at',
      ])
      .orderBy('news_items.published_at')
      .orderBy('news_items.id')
      .limit(PAGE);
    if (after) {
      const { at, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb('news_items.published_at', '>', at),
          eb.and([eb('news_items.published_at', '=', at), eb('news_items.id', '>', id)]),
        ]),
      );
    }
    const page = await query.execute();
    rows.push(...page);
    if (page.length < PAGE) return rows;
    const last = page[page.length - 1];
    after = { at: last.published_at, id: last.id };
  }
}

/** Re-clusters every item published in [from, to]. */
export async function recluster(
  db: DB,
  config: Config,
  range: { from: number; to: number },
  findTopics: TopicFinder = topicsForClustering,
  now = Date.now(),
): Promise<ReclusterResult> {
  const t = thresholdsOf(config);
  // Read and cluster outside any transaction (SQLite's write lock would hold ingestion
  // back for the whole run); then write in one short transaction.
  const rows = await readRange(db, range.from, range.to);
  const ids = rows.map((r) => r.id);
  const links = await launchLinksOf(db, ids);
  const apart = await apartPairs(db, ids);
  const stored = await membershipOf(db, ids);
  const current = new Map<number, CurrentMembership>(stored.map((m) => [m.item_id, m]));
  const nodes: Node[] = [];
  const features: FeatureRow[] = [];
  const remember = now - 2 * (t.maxAgeMs + t.maxGapMs) - 24 * 3_600_000;
  for (const r of rows) {
    const f = featuresOf({
      url: r.url,
      title: r.title,
      summary: r.summary,
      topics: findTopics(`${r.title}\n${r.summary}`),
      launches: links.get(r.id),
    });
    const rank = rankOf(
      isSourceType(r.source_type) ? r.source_type : 'rss',
      Math.max(r.summary_length, r.content_length ?? 0),
    );
    nodes.push({
      id: r.id,
      sourceId: r.source_id,
      publishedAt: r.published_at,
      rank,
      storyId: r.id,
      features: f,
    });
    if (r.published_at >= remember)
      features.push({
        item_id: r.id,
        source_id: r.source_id,
        published_at: r.published_at,
        rank,
        ...toStored(f),
      });
  }
  assignAll([], nodes, t, (a, b) => apart.has(`${a} ${b}`));
  const updates = membershipUpdates(nodes, new Set(nodes.map((n) => n.storyId)), current);

  return db.transaction().execute(async (tx) => {
    await saveFeatures(tx, features);
    // Members outside the range of the stories the range's items leave: their story is
    // rebuilt from the members left (ranks as stored).
    const inRange = new Set(ids);
    const formerStories = [...new Set(stored.map((m) => m.story_id))];
    const outside = (await membersOf(tx, formerStories)).filter((m) => !inRange.has(m.item_id));
    const left = outside.map((m) => ({
      id: m.item_id,
      rank: m.story_rank,
      storyId: m.story_id,
      sourceId: m.source_id,
      publishedAt: m.published_at,
    }));
    const was = new Map<number, CurrentMembership>(outside.map((m) => [m.item_id, m]));
    updates.push(...membershipUpdates(left, new Set(formerStories), was));
    await writeMembership(tx, updates);
    await touchStories(tx);
    const sizes = new Map<number, number>();
    for (const n of nodes) sizes.set(n.storyId, (sizes.get(n.storyId) ?? 0) + 1);
    return {
      items: rows.length,
      stories: [...sizes.values()].filter((n) => n > 1).length,
      changed: updates.length,
    };
  });
}

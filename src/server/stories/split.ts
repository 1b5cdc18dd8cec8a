// "Not the same story": a reader splits an item off its story. The item stands
// alone from then on, and the pair it formed with each other member is
// remembered (story_apart), so neither ingestion nor re-clustering joins them
// again. Stories are shared by every reader (computed once at ingestion), so a
// split is too; a reader may split only an item of a source they can see.
import { NOT_IN_A_STORY, STORY_ITEM_NOT_FOUND } from '../../shared/stories';
import { dialectOf, type DB } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { isVisibleTo } from '../sources/visibility';
import { membershipUpdates } from './cluster';
import {
  lockClustering,
  membersOf,
  membershipOf,
  recordApart,
  touchStories,
  writeMembership,
} from './repository';

/** Whether the item exists and its source is one the user may see. */
async function canSee(db: DB, userId: number, itemId: number): Promise<boolean> {
  const item = await db
    .selectFrom('news_items')
    .where('id', '=', itemId)
    .select('source_id')
    .executeTakeFirst();
  if (!item) return false;
  const source = await db
    .selectFrom('news_sources')
    .where('id', '=', item.source_id)
    .where(isVisibleTo(userId))
    .select('id')
    .executeTakeFirst();
  return source !== undefined;
}

export async function splitItem(db: DB, userId: number, itemId: number, now = Date.now()) {
  if (!(await canSee(db, userId, itemId))) throw notFound(STORY_ITEM_NOT_FOUND);
  await db.transaction().execute(async (tx) => {
    if (dialectOf(tx) === 'postgres') await lockClustering(tx);
    const [own] = await membershipOf(tx, [itemId]);
    if (!own) throw badRequest(NOT_IN_A_STORY);
    const members = await membersOf(tx, [own.story_id]);
    const others = members.filter((m) => m.item_id !== itemId);
    await recordApart(
      tx,
      itemId,
      others.map((m) => m.item_id),
      userId,
      now,
    );
    const nodes = members.map((m) => ({
      id: m.item_id,
      rank: m.story_rank,
      // The item leaves: a story key of its own.
      storyId: m.item_id === itemId ? -itemId : own.story_id,
      sourceId: m.source_id,
      publishedAt: m.published_at,
    }));
    const current = new Map(members.map((m) => [m.item_id, m]));
    await writeMembership(tx, membershipUpdates(nodes, new Set([own.story_id, -itemId]), current));
    await touchStories(tx);
  });
  return { itemId: String(itemId), storyId: String(itemId) };
}

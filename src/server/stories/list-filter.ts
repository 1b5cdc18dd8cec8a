// One story once, for the feed list (news/list.ts): the condition that keeps an
// item unless a better member of its story is in the same feed, and each page
// row's story ({id, sourceCount}). "Better" is the primary's order (primary.ts).
//
// Cost: for each item the list walks, one primary-key probe of story_members
// (a small table: only items in stories have a row); an item alone, or the best
// member of its story, stops there. Only the other members read their story's
// better members (an index range), and check them against the feed's filters.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/database';

/** The alias a story's better member goes by in the conditions handed in. */
export const MEMBER = 'member';

/**
 * WHERE condition on news_items: no better member of the item's story is in the
 * feed. `sourceIds` are the feed's sources; `memberConditions` the feed's other
 * filters, on the `member` alias of news_items (none: the sources alone decide).
 */
export function notOutranked(
  sourceIds: readonly number[],
  memberConditions: ReadonlyArray<Expression<SqlBool>>,
): RawBuilder<SqlBool> {
  const sources = sql.join(sourceIds.map((id) => sql.lit(id)));
  const joinMember = memberConditions.length
    ? sql`JOIN news_items AS ${sql.raw(MEMBER)} ON ${sql.raw(MEMBER)}.id = better.item_id`
    : sql``;
  const conditions = memberConditions.length
    ? sql` AND ${sql.join(memberConditions, sql` AND `)}`
    : sql``;
  return sql<SqlBool>`NOT EXISTS (SELECT 1 FROM story_members AS self
    JOIN story_members AS better ON better.story_id = self.story_id
      AND (better.story_rank > self.story_rank OR (better.story_rank = self.story_rank AND better.item_id < self.item_id))
    ${joinMember}
    WHERE self.item_id = news_items.id AND self.story_top = 0 AND better.source_id IN (${sources})${conditions})`;
}

/**
 * For each of `itemIds` that is not its story's best member: its better members
 * in the feed's sources that pass `memberConditions` (on the `member` alias),
 * with their publish times. The same rule as notOutranked(), for a caller that
 * checks the last condition (a full-text match) itself, once for a whole batch.
 * SQLite only: the members are read from news_items_id_cover, never the table.
 */
export async function betterMembersOf(
  db: DB,
  itemIds: readonly number[],
  sourceIds: readonly number[],
  memberConditions: ReadonlyArray<Expression<SqlBool>>,
): Promise<Array<{ item: number; member: number; published: number }>> {
  if (itemIds.length === 0 || sourceIds.length === 0) return [];
  const conditions = memberConditions.length
    ? sql` AND ${sql.join(memberConditions, sql` AND `)}`
    : sql``;
  const member = sql.raw(MEMBER);
  // The ids as one JSON parameter: one statement text, prepared once (db/statement-cache.ts).
  const { rows } = await sql<{ item: number; member: number; published: number }>`SELECT
    self.item_id AS item, ${member}.id AS member, ${member}.published_at AS published
    FROM story_members AS self
    JOIN story_members AS better ON better.story_id = self.story_id
      AND (better.story_rank > self.story_rank OR (better.story_rank = self.story_rank AND better.item_id < self.item_id))
    JOIN news_items AS ${member} INDEXED BY news_items_id_cover ON ${member}.id = better.item_id
    WHERE self.item_id IN (SELECT value FROM json_each(${JSON.stringify(itemIds)})) AND self.story_top = 0
      AND better.source_id IN (SELECT value FROM json_each(${JSON.stringify(sourceIds)}))${conditions}`.execute(
    db,
  );
  return rows;
}

export interface StoryRef {
  id: string;
  /** Distinct sources of the feed that carried the story (1 for an item alone). */
  sourceCount: number;
}

/** Each item's story, counted over the feed's sources. */
export async function storiesOf(
  db: DB,
  itemIds: readonly number[],
  sourceIds: readonly number[],
): Promise<Map<number, StoryRef>> {
  const out = new Map<number, StoryRef>();
  for (const id of itemIds) out.set(id, { id: String(id), sourceCount: 1 });
  if (itemIds.length === 0) return out;
  const rows = await db
    .selectFrom('story_members')
    .where('item_id', 'in', [...itemIds])
    .select(['item_id', 'story_id'])
    .execute();
  if (rows.length === 0 || sourceIds.length === 0) {
    for (const r of rows) out.set(r.item_id, { id: String(r.story_id), sourceCount: 1 });
    return out;
  }
  const counts = await db
    .selectFrom('story_members')
    .where('story_id', 'in', [...new Set(rows.map((r) => r.story_id))])
    .where('source_id', 'in', [...sourceIds])
    .groupBy('story_id')
    .select((eb) => ['story_id', eb.fn.count<number>('source_id').distinct().as('sources')])
    .execute();
  const byStory = new Map(counts.map((c) => [c.story_id, c.sources]));
  for (const r of rows)
    out.set(r.item_id, {
      id: String(r.story_id),
      sourceCount: Math.max(1, byStory.get(r.story_id) ?? 1),
    });
  return out;
}

/** The members of one story within the feed's sources, best first (an item alone: itself). */
export async function storyMemberIds(
  db: DB,
  storyId: number,
  sourceIds: readonly number[],
): Promise<number[]> {
  if (sourceIds.length === 0) return [];
  const rows = await db
    .selectFrom('story_members')
    .where('story_id', '=', storyId)
    .where('source_id', 'in', [...sourceIds])
    .select(['item_id', 'story_rank'])
    .orderBy('story_rank', 'desc')
    .orderBy('item_id')
    .execute();
  if (rows.length > 0) return rows.map((r) => r.item_id);
  // No story of that id: the id of an item alone names that item's story.
  const alone = await db
    .selectFrom('news_items')
    .where('id', '=', storyId)
    .where('source_id', 'in', [...sourceIds])
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('story_members').select('item_id').where('item_id', '=', storyId)),
      ),
    )
    .select('id')
    .executeTakeFirst();
  return alone ? [alone.id] : [];
}

/** The other items of the stories the given items belong to. */
export async function sameStoryAs(db: DB, itemIds: readonly number[]): Promise<number[]> {
  if (itemIds.length === 0) return [];
  const wanted = new Set(itemIds);
  const out = new Set<number>();
  for (let i = 0; i < itemIds.length; i += 500) {
    const rows = await db
      .selectFrom('story_members')
      .where(
        'story_id',
        'in',
        db
          .selectFrom('story_members')
          .select('story_id')
          .where('item_id', 'in', itemIds.slice(i, i + 500)),
      )
      .select('item_id')
      .execute();
    for (const r of rows) if (!wanted.has(r.item_id)) out.add(r.item_id);
  }
  return [...out];
}

/** Each item's story id (its own id for an item alone). */
export async function storyKeysOf(
  db: DB,
  itemIds: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map(itemIds.map((id) => [id, id]));
  for (let i = 0; i < itemIds.length; i += 500) {
    const rows = await db
      .selectFrom('story_members')
      .where('item_id', 'in', itemIds.slice(i, i + 500))
      .select(['item_id', 'story_id'])
      .execute();
    for (const r of rows) out.set(r.item_id, r.story_id);
  }
  return out;
}

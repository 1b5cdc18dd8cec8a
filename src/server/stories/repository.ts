// SQL for stories: what the clusterer remembers of recent items (story_items),
// the items in stories (story_members; an item alone has no row), the pairs
// readers split apart (story_apart), and reading a story's members.
import { sql } from 'kysely';
import { chunks } from '../db/chunks';
import type { DB, Tx } from '../db/database';
import type { StoredFeatures } from './features';

type Db = DB | Tx;

export interface FeatureRow extends StoredFeatures {
  item_id: number;
  source_id: number;
  published_at: number;
  rank: number;
}

/** Writes (or rewrites) the clusterer's view of items. */
export async function saveFeatures(db: Db, rows: readonly FeatureRow[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('story_items')
      .values(part)
      .onConflict((oc) =>
        oc.column('item_id').doUpdateSet((eb) => ({
          source_id: eb.ref('excluded.source_id'),
          published_at: eb.ref('excluded.published_at'),
          rank: eb.ref('excluded.rank'),
          url_key: eb.ref('excluded.url_key'),
          simhash: eb.ref('excluded.simhash'),
          terms: eb.ref('excluded.terms'),
          entities: eb.ref('excluded.entities'),
          events: eb.ref('excluded.events'),
        })),
      )
      .execute();
  }
}

export interface WindowRow extends FeatureRow {
  story_id: number | null;
  story_rank: number | null;
  story_top: 0 | 1 | null;
}

/** Every remembered item published from `from` on, with its story: one index range. */
export async function windowRows(db: Db, from: number): Promise<WindowRow[]> {
  return db
    .selectFrom('story_items')
    .leftJoin('story_members', 'story_members.item_id', 'story_items.item_id')
    .where('story_items.published_at', '>=', from)
    .select([
      'story_items.item_id',
      'story_items.source_id',
      'story_items.published_at',
      'story_items.rank',
      'story_items.url_key',
      'story_items.simhash',
      'story_items.terms',
      'story_items.entities',
      'story_items.events',
      'story_members.story_id',
      'story_members.story_rank',
      'story_members.story_top',
    ])
    .execute();
}

/** Forgets the clusterer's view of items published before `before` (at most `limit` a call): answers how many. */
export async function pruneFeatures(db: Db, before: number, limit: number): Promise<number> {
  const [result] = await db
    .deleteFrom('story_items')
    .where(
      'item_id',
      'in',
      db
        .selectFrom('story_items')
        .select('item_id')
        .where('published_at', '<', before)
        .limit(limit),
    )
    .execute();
  return Number(result?.numDeletedRows ?? 0);
}

export interface Membership {
  item_id: number;
  story_id: number;
  source_id: number;
  published_at: number;
  story_rank: number;
  story_top: 0 | 1;
}

/** The story rows of the given items (items alone have none). */
export async function membershipOf(db: Db, ids: readonly number[]): Promise<Membership[]> {
  const rows: Membership[] = [];
  for (const part of chunks(ids)) {
    rows.push(
      ...(await db.selectFrom('story_members').where('item_id', 'in', part).selectAll().execute()),
    );
  }
  return rows;
}

/** Every member of the given stories (an index range per story). */
export async function membersOf(db: Db, storyIds: readonly number[]): Promise<Membership[]> {
  const rows: Membership[] = [];
  for (const part of chunks(storyIds)) {
    rows.push(
      ...(await db.selectFrom('story_members').where('story_id', 'in', part).selectAll().execute()),
    );
  }
  return rows;
}

/** Writes the items' story rows; a null story_id means the item now stands alone (its row goes). */
export async function writeMembership(
  db: Db,
  updates: ReadonlyArray<Omit<Membership, 'story_id'> & { story_id: number | null }>,
): Promise<void> {
  const alone = updates.filter((u) => u.story_id === null).map((u) => u.item_id);
  for (const part of chunks(alone))
    await db.deleteFrom('story_members').where('item_id', 'in', part).execute();
  const rows = updates.flatMap((u) =>
    u.story_id === null ? [] : [{ ...u, story_id: u.story_id }],
  );
  for (const part of chunks(rows)) {
    await db
      .insertInto('story_members')
      .values(part)
      .onConflict((oc) =>
        oc.column('item_id').doUpdateSet((eb) => ({
          story_id: eb.ref('excluded.story_id'),
          story_rank: eb.ref('excluded.story_rank'),
          story_top: eb.ref('excluded.story_top'),
          source_id: eb.ref('excluded.source_id'),
          published_at: eb.ref('excluded.published_at'),
        })),
      )
      .execute();
  }
}

/** Pairs split apart among the given items, as "a b" keys (both orders). */
export async function apartPairs(db: Db, ids: readonly number[]): Promise<Set<string>> {
  const pairs = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('story_apart')
      .where('item_id', 'in', part)
      .select(['item_id', 'other_id'])
      .execute();
    for (const r of rows) {
      pairs.add(`${r.item_id} ${r.other_id}`);
      pairs.add(`${r.other_id} ${r.item_id}`);
    }
  }
  return pairs;
}

/** Remembers that `itemId` is not the same story as any of `others` (both ways). */
export async function recordApart(
  db: Db,
  itemId: number,
  others: readonly number[],
  userId: number,
  now: number,
): Promise<void> {
  const rows = others.flatMap((other) => [
    { item_id: itemId, other_id: other, user_id: userId, created_at: now },
    { item_id: other, other_id: itemId, user_id: userId, created_at: now },
  ]);
  for (const part of chunks(rows)) {
    await db
      .insertInto('story_apart')
      .values(part)
      .onConflict((oc) => oc.columns(['item_id', 'other_id']).doNothing())
      .execute();
  }
}

/** Takes the clustering lock for the transaction (PostgreSQL: several threads or instances ingest at once). */
export async function lockClustering(tx: Tx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${STORIES_LOCK})`.execute(tx);
}
/** Any constant of our own: no other lock in AstroDash uses one. */
const STORIES_LOCK = 290_029;

/** Remembered items published from `from` on (an index range, counted). */
export async function countRemembered(db: Db, from: number): Promise<number> {
  const row = await db
    .selectFrom('story_items')
    .where('published_at', '>=', from)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The token every writer of stories replaces (story_state). */
export async function storiesToken(db: Db): Promise<string> {
  const row = await db
    .selectFrom('story_state')
    .select('token')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.token ?? '';
}

/** Marks stories changed: answers the new token. */
export async function touchStories(db: Db): Promise<string> {
  const token = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  await db.updateTable('story_state').set({ token }).where('id', '=', 1).execute();
  return token;
}

// SQL of the topics module: item tags, follows and mutes, the refreshed vocabulary.
import { chunks } from '../db/chunks';
import type { DB, Tx } from '../db/database';
import type { SpaceEntity } from './entities';

type Db = DB | Tx;

/** Items per statement: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 400;

/** Replaces the topics of the given items (a rewritten item is tagged afresh). */
export async function replaceItemTopics(
  db: Db,
  sourceId: number,
  tags: ReadonlyArray<{ itemId: number; topics: readonly string[] }>,
  rewritten: readonly number[],
): Promise<void> {
  for (const ids of chunks(rewritten, CHUNK))
    await db.deleteFrom('item_topics').where('item_id', 'in', ids).execute();
  const rows = tags.flatMap((t) =>
    t.topics.map((topic, position) => ({
      item_id: t.itemId,
      topic,
      source_id: sourceId,
      position,
    })),
  );
  for (const part of chunks(rows, CHUNK)) await db.insertInto('item_topics').values(part).execute();
}

/** Each item's topic slugs, in one query. */
export async function findItemTopics(db: Db, itemIds: readonly number[]) {
  const byItem = new Map<number, string[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .selectFrom('item_topics')
    .select(['item_id', 'topic'])
    .where('item_id', 'in', [...itemIds])
    .orderBy('item_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byItem.get(row.item_id);
    if (list) list.push(row.topic);
    else byItem.set(row.item_id, [row.topic]);
  }
  return byItem;
}

export type Choice = 'topic_follows' | 'topic_mutes';

export async function findChoices(db: Db, table: Choice, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select('topic')
    .where('user_id', '=', userId)
    .orderBy('topic')
    .execute();
  return rows.map((r) => r.topic);
}

export async function hasChoice(db: Db, table: Choice, userId: number, topic: string) {
  const row = await db
    .selectFrom(table)
    .select('topic')
    .where('user_id', '=', userId)
    .where('topic', '=', topic)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setChoice(
  db: Db,
  table: Choice,
  userId: number,
  topic: string,
  on: boolean,
  now: number,
): Promise<void> {
  if (!on) {
    await db.deleteFrom(table).where('user_id', '=', userId).where('topic', '=', topic).execute();
    return;
  }
  await db
    .insertInto(table)
    .values({ user_id: userId, topic, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'topic']).doNothing())
    .execute();
}

/** Each of these users' chosen topics (followed or muted), in a few queries. */
export async function findChoicesOf(
  db: Db,
  table: Choice,
  userIds: readonly number[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const ids of chunks(userIds, CHUNK)) {
    const rows = await db
      .selectFrom(table)
      .select(['user_id', 'topic'])
      .where('user_id', 'in', ids)
      .execute();
    for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.topic]);
  }
  return out;
}

/** Which of these items are tagged with the topic (the alerts' stories trigger). */
export async function findItemsTagged(
  db: Db,
  topic: string,
  itemIds: readonly number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  for (const ids of chunks(itemIds, CHUNK)) {
    const rows = await db
      .selectFrom('item_topics')
      .select('item_id')
      .where('topic', '=', topic)
      .where('item_id', 'in', ids)
      .execute();
    for (const r of rows) found.add(r.item_id);
  }
  return found;
}

/** The refreshed LL2 vocabulary and when it was refreshed (0 and [] when never). */
export async function loadStoredVocabulary(db: Db) {
  const rows = await db.selectFrom('topic_vocabulary').selectAll().execute();
  const entities: SpaceEntity[] = [];
  let refreshedAt = 0;
  for (const row of rows) {
    refreshedAt = Math.max(refreshedAt, row.refreshed_at);
    try {
      const aliases: unknown = JSON.parse(row.aliases);
      if (!Array.isArray(aliases)) continue;
      entities.push({
        slug: row.slug,
        name: row.name,
        kind: row.kind as SpaceEntity['kind'],
        aliases: aliases.filter((a): a is string => typeof a === 'string'),
        origin: 'll2',
      });
    } catch {
      // A damaged row is skipped; the rest of the vocabulary still loads.
    }
  }
  return { entities, refreshedAt };
}

export async function storedVocabularyVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('topic_vocabulary')
    .select((eb) => eb.fn.max('refreshed_at').as('at'))
    .executeTakeFirst();
  return row?.at ?? 0;
}

/** Replaces the stored LL2 vocabulary in one transaction. */
export async function saveVocabulary(db: DB, entities: readonly SpaceEntity[], now: number) {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('topic_vocabulary').execute();
    const rows = entities.map((e) => ({
      slug: e.slug,
      name: e.name,
      kind: e.kind,
      aliases: JSON.stringify(e.aliases),
      refreshed_at: now,
    }));
    for (const part of chunks(rows, 100))
      await tx.insertInto('topic_vocabulary').values(part).execute();
  });
}

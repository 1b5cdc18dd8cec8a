// The built-in "AI Briefings" source: a default source (everyone sees it and may
// switch it off) that AstroDash writes itself. Created on first use, marked
// built_in so it is never polled or fetched and the admin cannot edit or delete
// it. An app_meta row serialises the creation across requests and instances.
// Each user who asks their own news query also gets a personal built-in source,
// "My AI Briefings": its items are that user's briefings, and every read path
// already shows a personal source's items to its owner only.
import { sql, type SqlBool } from 'kysely';
import type { DB } from '../db/database';

export const BRIEFING_SOURCE_NAME = 'AI Briefings';
export const OWN_BRIEFING_SOURCE_NAME = 'My AI Briefings';
/** Never fetched (built_in); the URL only has to identify it. */
export const BRIEFING_SOURCE_URL = 'https://astrodash.invalid/ai-briefings';
const META_KEY = 'ai_briefings_source';

async function exists(db: DB, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('news_sources')
    .select('id')
    .where('id', '=', id)
    .where('built_in', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The source's id, creating it the first time. */
export async function ensureBriefingSource(db: DB): Promise<number> {
  const known = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', META_KEY)
    .executeTakeFirst();
  if (known && known.value !== '' && (await exists(db, Number(known.value))))
    return Number(known.value);

  return db.transaction().execute(async (tx) => {
    const now = Date.now();
    // The row is the lock: a concurrent first use waits on it (PostgreSQL) or on
    // the database (SQLite), then finds the source made.
    await tx
      .insertInto('app_meta')
      .values({ key: META_KEY, value: '', updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ updated_at: now }))
      .execute();
    const meta = await tx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', META_KEY)
      .executeTakeFirstOrThrow();
    if (meta.value !== '' && (await exists(tx, Number(meta.value)))) return Number(meta.value);
    const row = await tx
      .insertInto('news_sources')
      .values({
        name: BRIEFING_SOURCE_NAME,
        url: BRIEFING_SOURCE_URL,
        url_key: 'astrodash:ai-briefings',
        source_type: 'custom',
        user_id: null,
        is_enabled: 1,
        built_in: 1,
        created_at: now,
        updated_at: now,
        last_status: 'ok',
        // Belt and braces: built_in already keeps it out of every poll.
        next_fetch_at: Number.MAX_SAFE_INTEGER,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('app_meta')
      .set({ value: String(row.id), updated_at: now })
      .where('key', '=', META_KEY)
      .execute();
    return row.id;
  });
}

/**
 * The user's own briefing source, creating it the first time. Migration 0011's
 * unique index (one built-in source per user) settles two first uses at once.
 */
export async function ensureOwnBriefingSource(db: DB, userId: number): Promise<number> {
  const find = () =>
    db
      .selectFrom('news_sources')
      .select('id')
      .where('user_id', '=', userId)
      .where('built_in', '=', 1)
      .executeTakeFirst();
  const known = await find();
  if (known) return known.id;
  const now = Date.now();
  await db
    .insertInto('news_sources')
    .values({
      name: OWN_BRIEFING_SOURCE_NAME,
      url: BRIEFING_SOURCE_URL,
      url_key: `astrodash:ai-briefings:${userId}`,
      source_type: 'custom',
      user_id: userId,
      is_enabled: 1,
      built_in: 1,
      created_at: now,
      updated_at: now,
      last_status: 'ok',
      next_fetch_at: Number.MAX_SAFE_INTEGER,
    })
    .onConflict((oc) =>
      // The index's predicate, written as the index has it (a bound 1 would not match it).
      oc
        .column('user_id')
        .where(sql<SqlBool>`built_in = 1`)
        .doNothing(),
    )
    .execute();
  const made = await find();
  if (!made) throw new Error('own briefing source was not created');
  return made.id;
}

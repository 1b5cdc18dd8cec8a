// SQL for news sources and per-user source preferences. Plain functions taking db.
import { sql } from 'kysely';
import { dialectOf, now, type DB, type Tx } from '../db/database';
import { stripUnsafeNameChars } from '../../shared/schemas';
import type { NewSource, SourceRow } from '../db/tables';
import type { SourceType } from '../../shared/constants';
import { isVisibleTo } from './visibility';

export type Executor = DB | Tx;

/** Every source the user sees, with their own switch for each (null: never set). */
export async function listVisibleSources(
  db: Executor,
  userId: number,
): Promise<Array<{ row: SourceRow; prefEnabled: number | null }>> {
  const rows = await db
    .selectFrom('news_sources')
    .leftJoin('source_preferences', (join) =>
      join
        .onRef('source_preferences.source_id', '=', 'news_sources.id')
        .on('source_preferences.user_id', '=', userId),
    )
    .selectAll('news_sources')
    .select('source_preferences.is_enabled as pref_enabled')
    .where(isVisibleTo(userId))
    .execute();
  return rows.map(({ pref_enabled, ...row }) => ({ row, prefEnabled: pref_enabled }));
}

/** The user's personal sources (OPML export), oldest first. */
export async function listPersonalSources(db: Executor, userId: number): Promise<SourceRow[]> {
  return db
    .selectFrom('news_sources')
    .selectAll()
    .where('user_id', '=', userId)
    .where('built_in', '=', 0)
    .orderBy('id')
    .execute();
}

export async function countPersonalSources(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('news_sources')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('built_in', '=', 0)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findSource(db: Executor, id: number): Promise<SourceRow | undefined> {
  return db.selectFrom('news_sources').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Which of the url keys already exist among the owner's personal sources or the
 * default sources (ownerId null: defaults only), ignoring `exceptId`.
 */
export async function findUrlKeyClashes(
  db: Executor,
  urlKeys: string[],
  ownerId: number | null,
  exceptId?: number,
): Promise<Map<string, 'personal' | 'default'>> {
  const clashes = new Map<string, 'personal' | 'default'>();
  if (urlKeys.length === 0) return clashes;
  let query = db
    .selectFrom('news_sources')
    .select(['url_key', 'user_id'])
    .where('url_key', 'in', urlKeys)
    .where((eb) =>
      ownerId === null
        ? eb('user_id', 'is', null)
        : eb.or([eb('user_id', 'is', null), eb('user_id', '=', ownerId)]),
    );
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  for (const r of await query.execute()) {
    // A clash with a default source wins: it is the more useful thing to tell.
    if (r.user_id === null || !clashes.has(r.url_key)) {
      clashes.set(r.url_key, r.user_id === null ? 'default' : 'personal');
    }
  }
  return clashes;
}

/**
 * Serialises writers adding the same URL on PostgreSQL (SQLite already runs one
 * write transaction at a time), so "check for a duplicate, then insert" holds.
 */
export async function lockUrlKeys(tx: Tx, urlKeys: string[]): Promise<void> {
  if (dialectOf(tx) !== 'postgres') return;
  if (urlKeys.length === 0) return;
  // One statement, keys in a fixed order so two writers cannot deadlock.
  const keys = [...new Set(urlKeys)].toSorted();
  await sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${keys}::text[]) as k order by k`.execute(
    tx,
  );
}

export type SourceInput = Pick<NewSource, 'name' | 'url' | 'url_key' | 'source_type' | 'user_id'>;

/** Inserts sources due for their first fetch at once; returns their ids in order. */
export async function insertSources(db: Executor, inputs: SourceInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
  const at = now();
  const rows = await db
    .insertInto('news_sources')
    .values(
      inputs.map((i) => ({
        ...i,
        // Names from bulk imports skip the form's schema: no control or bidi characters stored.
        name: stripUnsafeNameChars(i.name),
        is_enabled: 1 as const,
        created_at: at,
        updated_at: at,
        next_fetch_at: at,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface SourcePatch {
  name?: string;
  url?: string;
  url_key?: string;
  source_type?: SourceType;
}

/** Updates a source; a new URL or type resets its fetch state so it is fetched afresh at once. */
export async function updateSource(db: Executor, id: number, patch: SourcePatch): Promise<void> {
  const at = now();
  const refetch = patch.url !== undefined || patch.source_type !== undefined;
  await db
    .updateTable('news_sources')
    .set({
      ...patch,
      updated_at: at,
      ...(refetch
        ? {
            etag: null,
            last_modified: null,
            resolved_url: null,
            error_count: 0,
            last_status: null,
            last_error: null,
            next_fetch_at: at,
          }
        : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes a source with its items, counters and preferences in one transaction.
 * The FKs cascade too; deleting explicitly keeps it the same on both dialects,
 * and the item triggers keep the counters and SQLite's full-text index in step
 * (on PostgreSQL once per statement, see migration 0004, so this stays fast for
 * a source with many thousands of items).
 */
export async function deleteSource(db: DB, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('news_items').where('source_id', '=', id).execute();
    await tx.deleteFrom('source_preferences').where('source_id', '=', id).execute();
    await tx.deleteFrom('source_folders').where('source_id', '=', id).execute();
    await tx.deleteFrom('source_item_counts').where('source_id', '=', id).execute();
    await tx.deleteFrom('news_sources').where('id', '=', id).execute();
  });
}

export async function setPreference(
  db: Executor,
  userId: number,
  sourceId: number,
  isEnabled: boolean,
): Promise<void> {
  const values = {
    user_id: userId,
    source_id: sourceId,
    is_enabled: isEnabled ? (1 as const) : (0 as const),
    updated_at: now(),
  };
  await db
    .insertInto('source_preferences')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'source_id'])
        .doUpdateSet({ is_enabled: values.is_enabled, updated_at: values.updated_at }),
    )
    .execute();
}

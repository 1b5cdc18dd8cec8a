// SQL for each user's folders of sources (0015): a folder row per name, and a
// row per source the user put in one. A folder with no source left is deleted.
import { sql } from 'kysely';
import { now } from '../db/database';
import type { Executor } from './repository';

export interface FolderRef {
  id: number;
  name: string;
}

/** The user's folders that hold at least one source, by name. */
export async function listFolders(db: Executor, userId: number): Promise<FolderRef[]> {
  return db
    .selectFrom('folders')
    .where('folders.user_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('source_folders')
          .whereRef('source_folders.folder_id', '=', 'folders.id')
          .select(sql`1`.as('one')),
      ),
    )
    .orderBy('folders.name')
    .select(['folders.id', 'folders.name'])
    .execute();
}

/** Each of the user's sources that is in a folder, with the folder. */
export async function folderBySource(
  db: Executor,
  userId: number,
): Promise<Map<number, FolderRef>> {
  const rows = await db
    .selectFrom('source_folders')
    .innerJoin('folders', 'folders.id', 'source_folders.folder_id')
    .where('source_folders.user_id', '=', userId)
    .select(['source_folders.source_id', 'folders.id', 'folders.name'])
    .execute();
  return new Map(rows.map((r) => [r.source_id, { id: r.id, name: r.name }]));
}

export async function findFolder(
  db: Executor,
  userId: number,
  name: string,
): Promise<FolderRef | undefined> {
  return db
    .selectFrom('folders')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .select(['id', 'name'])
    .executeTakeFirst();
}

/** The folder of that name, made if the user has none. */
export async function ensureFolder(db: Executor, userId: number, name: string): Promise<number> {
  await db
    .insertInto('folders')
    .values({ user_id: userId, name, created_at: now() })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
    .execute();
  const row = await findFolder(db, userId, name);
  if (!row) throw new Error(`folder ${name} vanished`);
  return row.id;
}

/** Puts the source in the folder, or (null) in none. */
export async function assignFolder(
  db: Executor,
  userId: number,
  sourceIds: number[],
  folderId: number | null,
): Promise<void> {
  if (sourceIds.length === 0) return;
  if (folderId === null) {
    await db
      .deleteFrom('source_folders')
      .where('user_id', '=', userId)
      .where('source_id', 'in', sourceIds)
      .execute();
    return;
  }
  const at = now();
  await db
    .insertInto('source_folders')
    .values(
      sourceIds.map((source_id) => ({
        user_id: userId,
        source_id,
        folder_id: folderId,
        updated_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'source_id']).doUpdateSet({ folder_id: folderId, updated_at: at }),
    )
    .execute();
}

/** Moves every source of one folder into another. */
export async function moveFolderSources(db: Executor, fromId: number, toId: number): Promise<void> {
  await db
    .updateTable('source_folders')
    .set({ folder_id: toId, updated_at: now() })
    .where('folder_id', '=', fromId)
    .execute();
}

export async function renameFolder(db: Executor, id: number, name: string): Promise<void> {
  await db.updateTable('folders').set({ name }).where('id', '=', id).execute();
}

/** Deletes a folder; its sources are in none afterwards. */
export async function deleteFolder(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('source_folders').where('folder_id', '=', id).execute();
  await db.deleteFrom('folders').where('id', '=', id).execute();
}

/** Deletes the user's folders that no source is in any more. */
export async function pruneEmptyFolders(db: Executor, userId: number): Promise<void> {
  await db
    .deleteFrom('folders')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('source_folders')
            .whereRef('source_folders.folder_id', '=', 'folders.id')
            .select(sql`1`.as('one')),
        ),
      ),
    )
    .execute();
}

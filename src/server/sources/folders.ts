// Each user's folders of sources: the Sources tab sets a source's folder, and the
// reader apps see folders as labels (sync/). Any source the user can see may be
// put in a folder, default sources as much as their own; a folder is the user's
// alone, and one left without sources is deleted.
import { FOLDER_NAME_MESSAGE, folderNameSchema } from '../../shared/sync';
import type { DB } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { parseId } from '../http/parse-id';
import * as folders from './folder-repository';
import { findSource } from './repository';
import { SOURCE_MESSAGES } from './service';

export type { FolderRef } from './folder-repository';
export const FOLDER_NOT_FOUND = 'Folder not found.';

/** A folder name as the rules allow it (trimmed), or a 400 saying why not. */
export function checkFolderName(raw: string): string {
  const parsed = folderNameSchema.safeParse(raw);
  if (!parsed.success || parsed.data === '') throw badRequest(FOLDER_NAME_MESSAGE);
  return parsed.data;
}

/** The user's folders (those holding a source), by name. */
export const listFoldersFor = (db: DB, userId: number) => folders.listFolders(db, userId);

/** The folder of each of the user's sources that is in one. */
export const foldersBySource = (db: DB, userId: number) => folders.folderBySource(db, userId);

/** Puts a source the user can see in a folder (made if new), or with null in none. */
export async function setSourceFolder(
  db: DB,
  userId: number,
  rawSourceId: string,
  folder: string | null,
): Promise<{ sourceId: string; folder: string | null }> {
  const source = await findSource(db, parseId(rawSourceId, SOURCE_MESSAGES.notFound));
  if (!source || (source.user_id !== null && source.user_id !== userId))
    throw notFound(SOURCE_MESSAGES.notFound);
  const name = folder === null ? null : checkFolderName(folder);
  await db.transaction().execute(async (tx) => {
    const folderId = name === null ? null : await folders.ensureFolder(tx, userId, name);
    await folders.assignFolder(tx, userId, [source.id], folderId);
    await folders.pruneEmptyFolders(tx, userId);
  });
  return { sourceId: String(source.id), folder: name };
}

/** Renames a folder; onto an existing name, the two folders become one. */
export async function renameFolderFor(
  db: DB,
  userId: number,
  from: string,
  to: string,
): Promise<void> {
  const target = checkFolderName(to);
  const source = await folders.findFolder(db, userId, from);
  if (!source) throw notFound(FOLDER_NOT_FOUND);
  if (target === source.name) return;
  await db.transaction().execute(async (tx) => {
    const existing = await folders.findFolder(tx, userId, target);
    if (existing) {
      await folders.moveFolderSources(tx, source.id, existing.id);
      await folders.deleteFolder(tx, source.id);
    } else {
      await folders.renameFolder(tx, source.id, target);
    }
  });
}

/** Deletes a folder; its sources stay, in no folder. */
export async function deleteFolderFor(db: DB, userId: number, name: string): Promise<void> {
  const folder = await folders.findFolder(db, userId, name);
  if (!folder) throw notFound(FOLDER_NOT_FOUND);
  await db.transaction().execute((tx) => folders.deleteFolder(tx, folder.id));
}

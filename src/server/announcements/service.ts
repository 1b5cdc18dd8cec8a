// The rules for announcements: who sees which, dismissal per user, admin edits.
// Routes call these; the repository owns the SQL.
import type { z } from 'zod';
import type { AdminAnnouncement, Announcement, AnnouncementHistoryEntry } from '../../shared/types';
import type { createAnnouncementSchema, updateAnnouncementSchema } from '../../shared/schemas';
import { now, type DB } from '../db/database';
import { notFound } from '../http/errors';
import { parseId } from '../http/parse-id';
import { toAdminAnnouncement, toAnnouncement, toHistoryEntry } from './presenter';
import * as repo from './repository';

export const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found.';

/**
 * The history is every announcement, newest first; this bound keeps one call
 * small however long an instance runs (admins write a few a month).
 */
export const HISTORY_LIMIT = 500;

const parseAnnouncementId = (raw: string) => parseId(raw, ANNOUNCEMENT_NOT_FOUND);

/** What the user sees as banners: not expired, not dismissed by them. */
export async function listActive(db: DB, userId: number): Promise<Announcement[]> {
  return (await repo.listActive(db, userId, now())).map(toAnnouncement);
}

export async function listHistory(db: DB, userId: number): Promise<AnnouncementHistoryEntry[]> {
  return (await repo.listHistory(db, userId, HISTORY_LIMIT)).map(toHistoryEntry);
}

/** Dismisses for this user only; dismissing twice is the same as once. */
export async function dismiss(db: DB, userId: number, rawId: string): Promise<void> {
  const id = parseAnnouncementId(rawId);
  if (!(await repo.findAnnouncement(db, id))) throw notFound(ANNOUNCEMENT_NOT_FOUND);
  try {
    await repo.insertDismissal(db, userId, id, now());
  } catch (e) {
    // Deleted between the check and the insert: it is gone, not a server fault.
    if (isForeignKeyViolation(e)) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    throw e;
  }
}

// ---------- admin ----------

type CreateInput = z.output<typeof createAnnouncementSchema>;
type UpdateInput = Omit<z.output<typeof updateAnnouncementSchema>, 'announcementId'>;

export async function listForAdmin(db: DB): Promise<AdminAnnouncement[]> {
  return (await repo.listAll(db)).map(toAdminAnnouncement);
}

export async function create(
  db: DB,
  adminId: number,
  input: CreateInput,
): Promise<AdminAnnouncement> {
  const row = await repo.insertAnnouncement(
    db,
    {
      title: input.title,
      content: input.content,
      type: input.type,
      expiration_date: input.expirationDate,
    },
    adminId,
    now(),
  );
  return toAdminAnnouncement(row);
}

export async function update(
  db: DB,
  rawId: string,
  input: UpdateInput,
): Promise<AdminAnnouncement> {
  const patch: Partial<repo.AnnouncementFields> = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.content !== undefined) patch.content = input.content;
  if (input.type !== undefined) patch.type = input.type;
  if (input.expirationDate !== undefined) patch.expiration_date = input.expirationDate;
  const row = await repo.updateAnnouncement(db, parseAnnouncementId(rawId), patch, now());
  if (!row) throw notFound(ANNOUNCEMENT_NOT_FOUND);
  return toAdminAnnouncement(row);
}

/** Deletes the announcement and everyone's dismissals of it, together. */
export async function remove(db: DB, rawId: string): Promise<void> {
  if (!(await repo.deleteAnnouncement(db, parseAnnouncementId(rawId)))) {
    throw notFound(ANNOUNCEMENT_NOT_FOUND);
  }
}

function isForeignKeyViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

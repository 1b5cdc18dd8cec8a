// SQL for announcements and per-user dismissals. Plain functions taking db.
import type { DB, Tx } from '../db/database';
import type { AnnouncementRow } from '../db/tables';

export type Executor = DB | Tx;

export interface AnnouncementFields {
  title: string;
  content: string;
  type: string;
  expiration_date: number;
}

export type HistoryRow = AnnouncementRow & { dismissed_at: number | null };

/** Not expired at `at` and not dismissed by the user; newest first. */
export async function listActive(
  db: Executor,
  userId: number,
  at: number,
): Promise<AnnouncementRow[]> {
  return db
    .selectFrom('announcements')
    .selectAll()
    .where('expiration_date', '>', at)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('announcement_dismissals as d')
            .select('d.announcement_id')
            .whereRef('d.announcement_id', '=', 'announcements.id')
            .where('d.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every announcement with the user's dismissal time (null if not dismissed); newest first. */
export async function listHistory(
  db: Executor,
  userId: number,
  limit: number,
): Promise<HistoryRow[]> {
  return db
    .selectFrom('announcements')
    .leftJoin('announcement_dismissals as d', (join) =>
      join.onRef('d.announcement_id', '=', 'announcements.id').on('d.user_id', '=', userId),
    )
    .selectAll('announcements')
    .select('d.dismissed_at')
    .orderBy('announcements.created_at', 'desc')
    .orderBy('announcements.id', 'desc')
    .limit(limit)
    .execute();
}

/** Every announcement, newest first (the admin's table). */
export async function listAll(db: Executor): Promise<AnnouncementRow[]> {
  return db
    .selectFrom('announcements')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findAnnouncement(
  db: Executor,
  id: number,
): Promise<AnnouncementRow | undefined> {
  return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertAnnouncement(
  db: Executor,
  fields: AnnouncementFields,
  createdBy: number,
  at: number,
): Promise<AnnouncementRow> {
  return db
    .insertInto('announcements')
    .values({ ...fields, created_by: createdBy, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The updated row, or undefined when there is no such announcement. */
export async function updateAnnouncement(
  db: Executor,
  id: number,
  patch: Partial<AnnouncementFields>,
  at: number,
): Promise<AnnouncementRow | undefined> {
  return db
    .updateTable('announcements')
    .set({ ...patch, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Deletes the announcement and every dismissal of it in one transaction (the
 * foreign key would cascade too; saying it here keeps the rule visible and
 * does not depend on SQLite's foreign_keys pragma). Whether it existed.
 */
export async function deleteAnnouncement(db: DB, id: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await tx.deleteFrom('announcement_dismissals').where('announcement_id', '=', id).execute();
    const result = await tx.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** Records the dismissal once; dismissing again keeps the first time. */
export async function insertDismissal(
  db: Executor,
  userId: number,
  announcementId: number,
  at: number,
): Promise<void> {
  await db
    .insertInto('announcement_dismissals')
    .values({ user_id: userId, announcement_id: announcementId, dismissed_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'announcement_id']).doNothing())
    .execute();
}

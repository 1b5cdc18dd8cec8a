// SQL for the avatars table: one image per user, found by its public id.
import type { DB } from '../db/database';

type Executor = DB; // a transaction is a DB too

export async function upsertAvatar(
  db: Executor,
  row: { userId: number; publicId: string; contentType: string; data: Buffer; at: number },
): Promise<void> {
  const values = {
    public_id: row.publicId,
    content_type: row.contentType,
    data: row.data,
    updated_at: row.at,
  };
  await db
    .insertInto('avatars')
    .values({ user_id: row.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function deleteAvatar(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('avatars').where('user_id', '=', userId).execute();
}

export async function findAvatarByPublicId(db: Executor, publicId: string) {
  return db
    .selectFrom('avatars')
    .select(['user_id', 'content_type', 'data', 'updated_at'])
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

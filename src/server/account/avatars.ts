// Avatars: images checked by their content, stored in the database (so every
// instance behind a load balancer serves them), addressed by a content hash.
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { DB } from '../db/database';
import type { UserRow } from '../db/tables';
import { HttpError } from '../http/errors';
import { updateUser } from '../auth/users';

export const AVATAR_TOO_LARGE = 'Avatar image must be at most 5 MB.';
export const AVATAR_NOT_IMAGE = 'Avatar must be a PNG, JPEG, GIF or WebP image.';
export const AVATAR_MISSING = 'Please choose an image file to upload.';

/** SVG is deliberately absent: it can carry script. */
const ALLOWED_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const avatarHash = (data: Uint8Array) =>
  createHash('sha256').update(data).digest('hex').slice(0, 16);
export const avatarUrl = (userId: number, data: Uint8Array) =>
  `/_api/account/avatar/${userId}?v=${avatarHash(data)}`;

/** Stores the image as the user's avatar and returns the updated user. */
export async function saveAvatar(db: DB, user: UserRow, data: Buffer): Promise<UserRow> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ALLOWED_TYPES.has(type.mime)) throw new HttpError(400, AVATAR_NOT_IMAGE);
  const at = Date.now();
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('avatars')
      .values({ user_id: user.id, content_type: type.mime, data, updated_at: at })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ content_type: type.mime, data, updated_at: at }),
      )
      .execute();
    return updateUser(tx, user.id, { avatar_url: avatarUrl(user.id, data) });
  });
}

export async function removeAvatar(db: DB, user: UserRow): Promise<UserRow> {
  return db.transaction().execute(async (tx) => {
    await tx.deleteFrom('avatars').where('user_id', '=', user.id).execute();
    return updateUser(tx, user.id, { avatar_url: null });
  });
}

export async function findAvatar(db: DB, userId: number) {
  return db
    .selectFrom('avatars')
    .select(['content_type', 'data', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

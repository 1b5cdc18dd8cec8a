// Avatars: images checked by their content, stored in the database (so every
// instance behind a load balancer serves them), served under an unguessable id
// that changes with every upload (so URLs can be cached forever and cannot be enumerated).
import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { DB } from '../db/database';
import type { UserRow } from '../db/tables';
import { HttpError } from '../http/errors';
import { updateUser } from '../auth/users';
import { deleteAvatar, findAvatarByPublicId, upsertAvatar } from './avatar-repository';

export const AVATAR_TOO_LARGE = 'Avatar image must be at most 5 MB.';
export const AVATAR_NOT_IMAGE = 'Avatar must be a PNG, JPEG, GIF or WebP image.';
export const AVATAR_MISSING = 'Please choose an image file to upload.';

/** SVG is deliberately absent: it can carry script. */
const ALLOWED_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** 128 random bits in hex: the unguessable name an avatar is served under. */
export const AVATAR_ID_PATTERN = /^[0-9a-f]{32}$/;
const newPublicId = () => randomBytes(16).toString('hex');
export const avatarUrl = (publicId: string) => `/_api/account/avatar/${publicId}`;
export const avatarEtag = (data: Uint8Array) =>
  `"${createHash('sha256').update(data).digest('hex').slice(0, 16)}"`;

/** Stores the image as the user's avatar under a fresh public id; returns the updated user. */
export async function saveAvatar(db: DB, user: UserRow, data: Buffer): Promise<UserRow> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ALLOWED_TYPES.has(type.mime)) throw new HttpError(400, AVATAR_NOT_IMAGE);
  const publicId = newPublicId();
  return db.transaction().execute(async (tx) => {
    await upsertAvatar(tx, {
      userId: user.id,
      publicId,
      contentType: type.mime,
      data,
      at: Date.now(),
    });
    return updateUser(tx, user.id, { avatar_url: avatarUrl(publicId) });
  });
}

export async function removeAvatar(db: DB, user: UserRow): Promise<UserRow> {
  return db.transaction().execute(async (tx) => {
    await deleteAvatar(tx, user.id);
    return updateUser(tx, user.id, { avatar_url: null });
  });
}

/** The avatar served under this public id, if any. */
export async function findAvatar(db: DB, publicId: string) {
  if (!AVATAR_ID_PATTERN.test(publicId)) return undefined;
  return findAvatarByPublicId(db, publicId);
}

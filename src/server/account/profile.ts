// Profile changes: display name, e-mail, avatar removal, ZIP code and place.
import type { z } from 'zod';
import type { updateProfileSchema } from '../../shared/schemas';
import type { UpdateLocationInput } from '../../shared/sky-schemas';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import type { UserRow, UserUpdate } from '../db/tables';
import { badRequest, conflict } from '../http/errors';
import { EMAIL_IN_USE, verifyCurrentPassword } from '../auth/service';
import { emailTakenByOther, normalizeEmail, updateUser } from '../auth/users';
import { removeAvatar } from './avatars';
import { assertKnownZip } from '../sky/zip';
import { resolveCoordinates } from '../sky/place';

export const INVALID_AVATAR_URL = 'Invalid avatar URL';

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required to change your email';

export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  input: z.infer<typeof updateProfileSchema>,
  ip: string,
): Promise<UserRow> {
  const { db } = ctx;
  // The avatar itself only changes through the upload call; here it may only be
  // removed (null) or left as it is, so nobody can point it at an outside URL.
  if (
    input.avatarUrl !== undefined &&
    input.avatarUrl !== null &&
    input.avatarUrl !== user.avatar_url
  ) {
    throw badRequest(INVALID_AVATAR_URL);
  }
  const changes: UserUpdate = {};
  if (input.displayName !== undefined) changes.display_name = input.displayName;
  if (input.email !== undefined && normalizeEmail(input.email) !== user.email_normalized) {
    // Whoever holds a session (a borrowed laptop, a stolen cookie) must not take
    // the account over by moving its address; checked before revealing whether
    // the new address is taken.
    if (!input.currentPassword) throw badRequest(CURRENT_PASSWORD_REQUIRED);
    await verifyCurrentPassword(ctx, user, input.currentPassword, ip);
    if (await emailTakenByOther(db, input.email, user.id)) throw conflict(EMAIL_IN_USE);
    changes.email = input.email.trim();
    changes.email_normalized = normalizeEmail(input.email);
    // Remembered so ADMIN_EMAIL never promotes an account that moved to its address.
    changes.email_changed_at = Date.now();
  } else if (input.email !== undefined) {
    changes.email = input.email.trim(); // same address, new capitalisation
  }
  let updated = user;
  if (input.avatarUrl === null && user.avatar_url !== null) updated = await removeAvatar(db, user);
  if (Object.keys(changes).length === 0) return updated;
  try {
    return await updateUser(db, user.id, changes);
  } catch (err) {
    // A simultaneous change to the same address hit the unique index.
    if (
      changes.email_normalized &&
      (await emailTakenByOther(db, changes.email_normalized, user.id))
    ) {
      throw conflict(EMAIL_IN_USE);
    }
    throw err;
  }
}

/** A user has one place: a ZIP code, or coordinates with their name and zone (issue 28). */
const NO_COORDINATES = { latitude: null, longitude: null, place_name: null, time_zone: null };

/** The spec's ZIP call: a ZIP replaces any coordinates, and null removes the place. */
export async function updateZipCode(
  db: DB,
  user: UserRow,
  zipCode: string | null,
): Promise<UserRow> {
  return updateUser(db, user.id, { zip_code: zipCode, ...NO_COORDINATES });
}

/** POST /_api/profile/update_location: coordinates (named offline), a ZIP, and/or units. */
export async function updateLocation(
  db: DB,
  user: UserRow,
  input: UpdateLocationInput,
): Promise<UserRow> {
  const changes: UserUpdate = {};
  if (input.latitude !== undefined && input.longitude !== undefined) {
    const place = await resolveCoordinates(input.latitude, input.longitude);
    Object.assign(changes, {
      zip_code: null,
      latitude: place.latitude,
      longitude: place.longitude,
      place_name: place.name,
      time_zone: place.timeZone,
    });
  } else if (input.zipCode !== undefined) {
    assertKnownZip(input.zipCode);
    Object.assign(changes, { zip_code: input.zipCode, ...NO_COORDINATES });
  }
  if (input.units !== undefined) changes.units = input.units;
  return updateUser(db, user.id, changes);
}

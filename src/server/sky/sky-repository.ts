// The sky module's own rows beyond the TLE cache (tle.ts): each user's minimum
// pass elevation, and their private iCal subscription (one per user: a random
// 256-bit token in the URL, only its SHA-256 stored; revoking deletes the row).
import { createHash, randomBytes } from 'node:crypto';
import { MIN_ELEVATION_DEFAULT } from '../../shared/sky-calendar';
import type { DB } from '../db/database';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function minPassElevation(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sky_preferences')
    .where('user_id', '=', userId)
    .select('min_pass_elevation')
    .executeTakeFirst();
  return row?.min_pass_elevation ?? MIN_ELEVATION_DEFAULT;
}

/** Each user's minimum pass elevation (the default where none was set), for many users at once. */
export async function minPassElevations(
  db: DB,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map(userIds.map((id) => [id, MIN_ELEVATION_DEFAULT]));
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db
      .selectFrom('sky_preferences')
      .where('user_id', 'in', userIds.slice(i, i + 1000))
      .select(['user_id', 'min_pass_elevation'])
      .execute();
    for (const r of rows) out.set(r.user_id, r.min_pass_elevation);
  }
  return out;
}

export async function setMinPassElevation(db: DB, userId: number, degrees: number, now: number) {
  await db
    .insertInto('sky_preferences')
    .values({ user_id: userId, min_pass_elevation: degrees, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ min_pass_elevation: degrees, updated_at: now }),
    )
    .execute();
}

export async function findCalendarFeed(db: DB, userId: number) {
  return db
    .selectFrom('calendar_feeds')
    .where('user_id', '=', userId)
    .select(['created_at', 'last_used_at'])
    .executeTakeFirst();
}

/** A new token for the user, replacing (and so revoking) any earlier one. */
export async function createCalendarFeed(db: DB, userId: number, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const row = { token_hash: hashToken(token), created_at: now, last_used_at: null };
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  return token;
}

/** Revokes the user's subscription; false when there was none. */
export async function deleteCalendarFeed(db: DB, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('calendar_feeds')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The enabled user a token opens, or undefined (unknown, revoked, account disabled). */
export async function findFeedOwner(db: DB, token: string) {
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .where('calendar_feeds.token_hash', '=', hashToken(token))
    .where('users.is_disabled', '=', 0)
    .selectAll('users')
    .select('calendar_feeds.last_used_at as feed_last_used_at')
    .executeTakeFirst();
}

export async function touchCalendarFeed(db: DB, userId: number, now: number) {
  await db
    .updateTable('calendar_feeds')
    .set({ last_used_at: now })
    .where('user_id', '=', userId)
    .execute();
}

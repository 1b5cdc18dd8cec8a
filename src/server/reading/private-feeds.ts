// Private Atom feeds: a capability URL per feed (a random 256-bit token in the
// path, only its SHA-256 stored), revoked by deleting the row.
import { createHash, randomBytes } from 'node:crypto';
import {
  PRIVATE_FEEDS_MAX,
  PRIVATE_FEED_KINDS,
  PRIVATE_FEED_NOT_FOUND,
  TOO_MANY_PRIVATE_FEEDS,
  privateFeedFiltersSchema,
  type CreatedPrivateFeed,
  type PrivateFeed,
  type PrivateFeedFilters,
  type PrivateFeedKind,
} from '../../shared/reading';
import type { DB } from '../db/database';
import { conflict, notFound } from '../http/errors';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The URL path a token is served under. */
export const feedPath = (token: string) => `/feeds/${token}.atom`;

const asKind = (k: string): PrivateFeedKind => PRIVATE_FEED_KINDS.find((x) => x === k) ?? 'saved';

export function parseFilters(text: string | null): PrivateFeedFilters | null {
  if (!text) return null;
  try {
    const parsed = privateFeedFiltersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function listPrivateFeeds(db: DB, userId: number): Promise<PrivateFeed[]> {
  const rows = await db
    .selectFrom('private_feeds')
    .where('user_id', '=', userId)
    .orderBy('id')
    .selectAll()
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: asKind(r.kind),
    filters: parseFilters(r.filters),
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at).toISOString(),
  }));
}

export async function createPrivateFeed(
  db: DB,
  userId: number,
  input: { kind: PrivateFeedKind; filters?: PrivateFeedFilters },
  origin: string,
): Promise<CreatedPrivateFeed> {
  const held = await db
    .selectFrom('private_feeds')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (held.n >= PRIVATE_FEEDS_MAX) throw conflict(TOO_MANY_PRIVATE_FEEDS);
  const token = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('private_feeds')
    .values({
      user_id: userId,
      kind: input.kind,
      filters: input.kind === 'filtered' ? JSON.stringify(input.filters ?? {}) : null,
      token_hash: hashToken(token),
      created_at: Date.now(),
      last_used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, url: `${origin}${feedPath(token)}` };
}

export async function deletePrivateFeed(db: DB, userId: number, id: number) {
  const result = await db
    .deleteFrom('private_feeds')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(PRIVATE_FEED_NOT_FOUND);
}

/** The feed a token opens, with its owner, or undefined (unknown, revoked, owner disabled). */
export async function findByToken(db: DB, token: string) {
  return db
    .selectFrom('private_feeds')
    .innerJoin('users', 'users.id', 'private_feeds.user_id')
    .where('private_feeds.token_hash', '=', hashToken(token))
    .where('users.is_disabled', '=', 0)
    .select([
      'private_feeds.id',
      'private_feeds.user_id',
      'private_feeds.kind',
      'private_feeds.filters',
      'private_feeds.last_used_at',
    ])
    .executeTakeFirst();
}

export async function touchFeed(db: DB, id: number, now: number) {
  await db.updateTable('private_feeds').set({ last_used_at: now }).where('id', '=', id).execute();
}

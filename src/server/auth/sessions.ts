// Server-side sessions: a random 256-bit token lives only in the browser's
// HttpOnly cookie; the database keeps its SHA-256 hash.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { DB } from '../db/database';
import type { UserRow } from '../db/tables';

export const SESSION_COOKIE = 'astrodash_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is pushed forward at most this often, to spare writes. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(
  db: DB,
  userId: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const at = Date.now();
  const expiresAt = at + SESSION_TTL_MS;
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: at,
      expires_at: expiresAt,
      last_seen_at: at,
    })
    .execute();
  return { token, expiresAt };
}

/** The signed-in user for a token, or undefined if the session is unknown, expired or the user disabled. */
export async function findSessionUser(db: DB, token: string): Promise<UserRow | undefined> {
  const at = Date.now();
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.last_seen_at as session_last_seen_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', at)
    .executeTakeFirst();
  if (!row || row.is_disabled) return undefined;
  const { session_last_seen_at, ...user } = row;
  if (at - session_last_seen_at > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: at, expires_at: at + SESSION_TTL_MS })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return user;
}

/** The user of the request's session cookie, or null (what http/auth-guard.ts loads onto every API request). */
export async function requestSessionUser(db: DB, request: FastifyRequest): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? ((await findSessionUser(db, token)) ?? null) : null;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookie,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookie,
  });
}

export async function deleteSession(db: DB, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function deleteUserSessions(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function pruneExpiredSessions(db: DB): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', Date.now()).execute();
}

// API passwords: what reader apps sign in with, never the login password, and
// never accepted by the web app. Each is generated here (150 random bits, shown
// once), stored as an argon2id hash, and revoked by deleting its row.
//
// The Fever API sends md5("email:password") with every request, so that key's
// SHA-256 is stored as well (for the address as registered and lower-cased):
// a look-up by an unguessable key, like a session token's hash.
import { createHash, randomBytes } from 'node:crypto';
import {
  API_PASSWORDS_MAX,
  API_PASSWORD_NOT_FOUND,
  TOO_MANY_API_PASSWORDS,
  type ApiPassword,
  type CreatedApiPassword,
} from '../../shared/sync';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import type { UserRow } from '../db/tables';
import { HttpError, conflict, notFound, unauthorized } from '../http/errors';
import { accountAddressKey, waitMinutes } from '../http/rate-limit';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/passwords';
import { LOGIN_FAIL_ACCOUNT, LOGIN_FAIL_IP, ACCOUNT_DISABLED } from '../auth/service';
import { findUserByEmail, normalizeEmail } from '../auth/users';
import * as repo from './api-password-repository';

export type { ApiPasswordWithUser } from './api-password-repository';

// Crockford's base32, lower-case: no i, l, o or u to misread when typed on a phone.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 6;
const GROUP_LENGTH = 5;
/** A password's shape: six groups of five, the first of them its look-up key. */
const PASSWORD_SHAPE = /^[0-9a-hjkmnp-tv-z]{5}(?:-[0-9a-hjkmnp-tv-z]{5}){5}$/;
export const BAD_CREDENTIALS = 'Invalid email or API password';

/** Six groups of five characters, 150 random bits (32 is a power of two: no bias). */
export function generateApiPassword(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]);
  const groups: string[] = [];
  for (let i = 0; i < GROUPS; i++)
    groups.push(chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join(''));
  return groups.join('-');
}

/** What a Fever client sends as api_key, lower-case hex. */
export const feverApiKey = (email: string, password: string) =>
  createHash('md5').update(`${email}:${password}`).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function listApiPasswords(db: DB, userId: number): Promise<ApiPassword[]> {
  return (await repo.listApiPasswords(db, userId)).map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: iso(r.last_used_at),
  }));
}

export async function createApiPassword(
  db: DB,
  user: UserRow,
  name: string,
): Promise<CreatedApiPassword> {
  if ((await repo.countApiPasswords(db, user.id)) >= API_PASSWORDS_MAX)
    throw conflict(TOO_MANY_API_PASSWORDS);
  const password = generateApiPassword();
  const lower = normalizeEmail(user.email);
  const id = await repo.insertApiPassword(db, {
    userId: user.id,
    name,
    lookup: password.slice(0, GROUP_LENGTH),
    passwordHash: await hashPassword(password),
    feverKeyHash: sha256(feverApiKey(user.email, password)),
    feverKeyHashLower: lower === user.email ? null : sha256(feverApiKey(lower, password)),
    at: Date.now(),
  });
  return { id, name, password };
}

export async function revokeApiPassword(db: DB, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteApiPassword(db, userId, id))) throw notFound(API_PASSWORD_NOT_FOUND);
}

/**
 * ClientLogin: an e-mail address and an API password (the login password is
 * never accepted here). Limited as the login is, per account and address and
 * per address, counted before the check so parallel guesses cannot overrun it.
 * (The login's per-account slowdown across addresses is left out: a 150-bit
 * password cannot be guessed from many addresses either, and the slowdown would
 * let a stranger stall the owner's apps, which carry no known-device cookie.)
 */
export async function signInWithApiPassword(
  ctx: AppContext,
  email: string,
  password: string,
  ip: string,
): Promise<repo.ApiPasswordWithUser> {
  const byAccount = {
    window: LOGIN_FAIL_ACCOUNT,
    key: accountAddressKey(normalizeEmail(email), ip),
  };
  const attempt = await ctx.rateLimiter.consume(
    [byAccount, { window: LOGIN_FAIL_IP, key: ip }],
    (wait) => `Too many login attempts. Please try again in ${waitMinutes(wait)}.`,
  );
  const user = PASSWORD_SHAPE.test(password) ? await findUserByEmail(ctx.db, email) : undefined;
  const candidates = user
    ? await repo.findByLookup(ctx.db, user.id, password.slice(0, GROUP_LENGTH))
    : [];
  let match: repo.ApiPasswordRow | undefined;
  for (const row of candidates) {
    if (await verifyPassword(row.password_hash, password)) match = row;
  }
  // An unknown address or password costs the same time as a real check.
  if (candidates.length === 0) await verifyDummy(password);
  if (!user || !match) throw unauthorized(BAD_CREDENTIALS); // the failure stays counted
  await attempt.release();
  if (user.is_disabled) throw new HttpError(403, ACCOUNT_DISABLED);
  await ctx.rateLimiter.clear([byAccount]);
  await noteUse(ctx.db, match, Date.now());
  return { user, password: match };
}

/** A password with its enabled owner, by id (the id a sync token names). */
export const apiPasswordById = (db: DB, id: number) => repo.findWithOwnerById(db, id);

/** A password with its enabled owner, by the Fever api_key (32 hex digits, any case). */
export async function apiPasswordByFeverKey(db: DB, apiKey: string) {
  const key = apiKey.trim().toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(key)) return undefined;
  return repo.findWithOwnerByFeverKeyHash(db, sha256(key));
}

/** Records a use for "last used", at most one write a minute however often an app syncs. */
export async function noteUse(db: DB, row: repo.ApiPasswordRow, now: number): Promise<void> {
  if (row.last_used_at === null || now - row.last_used_at > 60_000) {
    await repo.touchApiPassword(db, row.id, now);
    row.last_used_at = now;
  }
}

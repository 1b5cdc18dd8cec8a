// "Known device" cookies: a browser that signed in to an account carries a mark
// for it (an HMAC of the account under a server secret, so it cannot be forged),
// and its later sign-ins skip the per-account slowdown (auth/login-throttle.ts).
// An attacker guessing from elsewhere cannot lock the owner out that way.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { DB } from '../db/database';

export const KNOWN_DEVICE_COOKIE = 'astrodash_known';
/** Accounts remembered per browser (a shared family computer). */
const MAX_MARKS = 5;
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60; // browsers keep a cookie at most 400 days
const META_KEY = 'known-device-secret';

const secrets = new WeakMap<DB, Map<string, Promise<Buffer>>>();

/**
 * A server secret made once and kept in app_meta under `key` (so all instances
 * share it): the known-device marks here, the sync APIs' tokens (sync/tokens.ts).
 */
export function serverSecret(db: DB, key: string): Promise<Buffer> {
  let byKey = secrets.get(db);
  if (!byKey) secrets.set(db, (byKey = new Map()));
  let secret = byKey.get(key);
  if (!secret) {
    secret = (async () => {
      await db
        .insertInto('app_meta')
        .values({ key, value: randomBytes(32).toString('hex'), updated_at: Date.now() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'hex');
    })();
    secret.catch(() => byKey.delete(key));
    byKey.set(key, secret);
  }
  return secret;
}

const secretOf = (db: DB) => serverSecret(db, META_KEY);

const markFor = (secret: Buffer, account: string) =>
  createHmac('sha256', secret).update(`known-device:${account}`).digest('base64url');

const marksIn = (request: FastifyRequest) =>
  (request.cookies[KNOWN_DEVICE_COOKIE] ?? '')
    .split('.')
    .filter((m) => m.length === 43)
    .slice(0, MAX_MARKS);

/** Whether this browser signed in to `account` (a normalized e-mail) before. */
export async function isKnownDevice(
  db: DB,
  request: FastifyRequest,
  account: string,
): Promise<boolean> {
  const marks = marksIn(request);
  if (marks.length === 0) return false;
  const expected = Buffer.from(markFor(await secretOf(db), account));
  return marks.some((m) => timingSafeEqual(Buffer.from(m), expected));
}

/** Marks this browser as one `account` signs in on (after a successful sign-in). */
export async function rememberDevice(
  db: DB,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
): Promise<void> {
  const mark = markFor(await secretOf(db), account);
  const marks = [mark, ...marksIn(request).filter((m) => m !== mark)].slice(0, MAX_MARKS);
  reply.setCookie(KNOWN_DEVICE_COOKIE, marks.join('.'), {
    path: '/_api/auth/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookie,
    maxAge: COOKIE_MAX_AGE_S,
  });
}

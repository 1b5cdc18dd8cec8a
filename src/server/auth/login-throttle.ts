// Guessing one account's password from many addresses (a botnet, or forged
// X-Forwarded-For behind TRUST_PROXY=true) is slowed per account: after ten
// failures in a day from browsers the account has never signed in on, each
// further guess must wait longer (30 s, 1 min, 2 min… up to 15 min after the
// previous failure). The owner is not locked out: a browser that signed in to
// the account before carries a "known device" cookie (auth/known-device.ts) and
// is exempt, limited only per account and address like everyone.
import type { DB } from '../db/database';
import { tooManyRequests } from '../http/errors';
import { rateWindow, waitMinutes } from '../http/rate-limit';

const MINUTE = 60_000;
/** Failures at one account from unknown browsers, any address; kept a day. */
export const LOGIN_FAIL_ACCOUNT_ANY = rateWindow({
  bucket: 'login-fail-account',
  limit: 10,
  windowMs: 24 * 60 * MINUTE,
});
const FIRST_WAIT_MS = 30_000;
const MAX_WAIT_MS = 15 * MINUTE;

/** How long after the latest failure the next guess must wait, given the failures so far. */
export function waitAfterFailures(failures: number): number {
  if (failures < LOGIN_FAIL_ACCOUNT_ANY.limit) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - LOGIN_FAIL_ACCOUNT_ANY.limit));
}

export const tooManyLoginAttempts = (waitMs: number) =>
  tooManyRequests(
    `Too many login attempts. Please try again in ${waitMinutes(waitMs)}.`,
    waitMs / 1000,
  );

/**
 * Counts a guess at `account` (a normalized e-mail) before the password is
 * checked, so simultaneous guesses cannot all pass: each looks only at the events
 * recorded before its own. Refused (429, taken back) while the wait after the
 * latest earlier failure has not passed. `release()` takes the guess back when
 * the password was right.
 */
export async function reserveAccountGuess(
  db: DB,
  account: string,
  at = Date.now(),
): Promise<{ release(): Promise<void> }> {
  const { bucket, windowMs } = LOGIN_FAIL_ACCOUNT_ANY;
  const { id } = await db
    .insertInto('rate_events')
    .values({ bucket, key: account, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const release = async () => {
    await db.deleteFrom('rate_events').where('id', '=', id).execute();
  };
  const row = await db
    .selectFrom('rate_events')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max<number | string | null>('created_at').as('latest'),
    ])
    .where('bucket', '=', bucket)
    .where('key', '=', account)
    .where('created_at', '>', at - windowMs)
    .where('id', '<', id)
    .executeTakeFirstOrThrow();
  const earlier = Number(row.n);
  const wait = waitAfterFailures(earlier);
  const readyAt = row.latest === null ? at : Number(row.latest) + wait;
  if (wait > 0 && readyAt > at) {
    await release();
    throw tooManyLoginAttempts(readyAt - at);
  }
  return { release };
}

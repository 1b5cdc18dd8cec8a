// Keeps the auth tables small: expired sessions and login/registration
// rate-limit events older than their window are of no further use. Runs as
// the housekeeping job (jobs/definitions.ts).
import type { AppContext } from '../context';
import { pruneRateEvents } from '../http/rate-limit';
import { LOGIN_FAIL_ACCOUNT_ANY } from './login-throttle';
import { LOGIN_FAIL_ACCOUNT, LOGIN_FAIL_IP, REGISTER_IP } from './service';
import { pruneExpiredSessions } from './sessions';

/** Deletes expired sessions and this module's stale rate events; other modules' buckets are left alone. */
export async function pruneAuthTables(ctx: Pick<AppContext, 'db'>, at = Date.now()): Promise<void> {
  await pruneExpiredSessions(ctx.db);
  // login-fail-email: the per-account bucket before limits were keyed by account and address.
  const legacy = { bucket: 'login-fail-email', windowMs: LOGIN_FAIL_ACCOUNT.windowMs };
  const windows = [LOGIN_FAIL_ACCOUNT, LOGIN_FAIL_ACCOUNT_ANY, LOGIN_FAIL_IP, REGISTER_IP, legacy];
  await pruneRateEvents(ctx.db, at, windows);
}

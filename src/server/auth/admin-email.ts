// ADMIN_EMAIL: the operator's way to name the administrator account. Addresses
// are not verified, so the setting must never reward whoever takes the address:
// it names the account that has the address when the server first starts with
// that setting (and registered with it, never changed to it), and from then on
// that account alone. An app_meta row pins the setting to that account.
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/database';
import { normalizeEmail, updateUser } from './users';

const META_KEY = 'admin-email';

/** What an earlier start decided for which address: the account id, or null for none. */
type Pinned = { email: string; userId: number | null };

function parsePinned(value: string | undefined): Pinned | undefined {
  if (!value) return undefined;
  try {
    const v = JSON.parse(value) as Partial<Pinned>;
    if (typeof v.email !== 'string') return undefined;
    return { email: v.email, userId: typeof v.userId === 'number' ? v.userId : null };
  } catch {
    return undefined;
  }
}

/**
 * Run once at start. The first start with a given ADMIN_EMAIL pins the account
 * that has that address then (and has had it since it registered); every start
 * makes the pinned account admin again if it still has the address. An account
 * that registers the address later, or changes its address to it, is never promoted.
 * Returns the account made admin by this start, if any.
 */
export async function applyAdminEmail(
  db: DB,
  adminEmail: string | undefined,
  log?: FastifyBaseLogger,
): Promise<number | undefined> {
  if (!adminEmail) return undefined;
  const email = normalizeEmail(adminEmail);
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', META_KEY)
    .executeTakeFirst();
  let pinned = parsePinned(row?.value);
  if (!pinned || pinned.email !== email) {
    const holder = await db
      .selectFrom('users')
      .select(['id', 'email_changed_at'])
      .where('email_normalized', '=', email)
      .executeTakeFirst();
    pinned = { email, userId: holder && holder.email_changed_at === null ? holder.id : null };
    const value = JSON.stringify(pinned);
    const at = Date.now();
    await db
      .insertInto('app_meta')
      .values({ key: META_KEY, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
      .execute();
    if (pinned.userId === null)
      log?.warn(
        `ADMIN_EMAIL ${email}: no account registered with this address; none will be made admin by it (promote one in the Admin panel)`,
      );
  }
  if (pinned.userId === null) return undefined;
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'email_normalized'])
    .where('id', '=', pinned.userId)
    .executeTakeFirst();
  if (!user || user.email_normalized !== email || user.role === 'admin') return undefined;
  await updateUser(db, user.id, { role: 'admin' });
  log?.info(`ADMIN_EMAIL: ${email} is an admin again`);
  return user.id;
}

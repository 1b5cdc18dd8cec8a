// The users repository: every SQL statement about accounts lives here, for auth,
// the account's own calls and the admin's user management (the paged, searchable
// list and the role and disabled changes, with their guards decided inside the database).
import { sql, type Kysely } from 'kysely';
import { dialectOf, type DB, type Tx } from '../db/database';
import type { UserRow, UserUpdate } from '../db/tables';
import { deleteUserSessions } from './sessions';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: DB, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_normalized', '=', normalizeEmail(email))
    .executeTakeFirst();
}

export interface NewUserInput {
  email: string;
  displayName: string;
  passwordHash: string;
  /** 'first-admin': admin when the table is empty, decided inside the INSERT itself. */
  role: 'admin' | 'user' | 'first-admin';
  zipCode?: string | null;
}

export async function hasAnyUser(db: DB): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Inserts an account; returns undefined when the e-mail is already taken. */
export async function insertUser(db: DB, input: NewUserInput): Promise<UserRow | undefined> {
  const at = Date.now();
  return db
    .insertInto('users')
    .values({
      email: input.email.trim(),
      email_normalized: normalizeEmail(input.email),
      display_name: input.displayName,
      password_hash: input.passwordHash,
      role:
        input.role === 'first-admin'
          ? sql<
              'admin' | 'user'
            >`(CASE WHEN EXISTS (SELECT 1 FROM users) THEN 'user' ELSE 'admin' END)`
          : input.role,
      zip_code: input.zipCode ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateUser(db: DB, id: number, changes: UserUpdate): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: Date.now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** True when another account already uses this e-mail (case-insensitively). */
export async function emailTakenByOther(db: DB, email: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', normalizeEmail(email))
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** `%` and `_` match themselves in a LIKE pattern. */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

export async function listUsers(
  db: DB,
  { page, pageSize, search }: { page: number; pageSize: number; search?: string },
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users');
  if (search) {
    const pattern = likeContains(search);
    query = query.where((eb) =>
      eb.or([
        eb('email_normalized', 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['display_name']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('display_name')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

/** Locks the admin rows (PostgreSQL) so two demotions cannot both see a second admin. */
async function lockAdmins(tx: Tx): Promise<number> {
  const query = tx.selectFrom('users').select('id').where('role', '=', 'admin');
  const rows =
    dialectOf(tx as unknown as Kysely<unknown>) === 'postgres'
      ? await query.forUpdate().execute()
      : await query.execute();
  return rows.length;
}

export type RoleChange =
  { ok: true; user: UserRow } | { ok: false; reason: 'not-found' | 'last-admin' };

export async function setRole(
  db: DB,
  id: number,
  role: 'admin' | 'user',
  now: number,
): Promise<RoleChange> {
  return db.transaction().execute(async (tx) => {
    const admins = await lockAdmins(tx);
    const user = await tx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!user) return { ok: false, reason: 'not-found' };
    if (role === 'user' && user.role === 'admin' && admins <= 1)
      return { ok: false, reason: 'last-admin' };
    const updated = await tx
      .updateTable('users')
      .set({ role, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, user: updated };
  });
}

/** Disabling also ends every session of the user, in the same transaction. */
export async function setDisabled(
  db: DB,
  id: number,
  disabled: boolean,
  now: number,
): Promise<UserRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('users')
      .set({ is_disabled: disabled ? 1 : 0, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (updated && disabled) await deleteUserSessions(tx, id);
    return updated;
  });
}

/** Ids per statement: well under SQLite's and PostgreSQL's parameter limits. */
const IDS_PER_QUERY = 1000;

/** What places users observe from (sky/place.ts placeOf reads these), for many users at once. */
export async function findUserPlaces(db: DB, ids: readonly number[]) {
  const rows = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY)
    rows.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'zip_code', 'latitude', 'longitude', 'place_name', 'time_zone', 'units'])
        .where('id', 'in', ids.slice(i, i + IDS_PER_QUERY))
        .execute()),
    );
  return rows;
}

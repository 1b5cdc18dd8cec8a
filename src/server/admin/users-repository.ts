// SQL for the admin's user management: the paged, searchable list and the
// role and disabled changes (with their guards, decided inside the database).
import { sql, type Kysely } from 'kysely';
import { dialectOf, type DB, type Tx } from '../db/database';
import type { UserRow } from '../db/tables';
import { deleteUserSessions } from '../auth/sessions';

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

export async function findUser(db: DB, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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

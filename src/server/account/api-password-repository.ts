// SQL for API passwords (the reader apps' credentials): a user's list, and the
// look-ups a sync request authenticates by, each one indexed row.
import type { DB } from '../db/database';
import type { UserRow } from '../db/tables';

export interface ApiPasswordRow {
  id: number;
  user_id: number;
  name: string;
  password_hash: string;
  created_at: number;
  last_used_at: number | null;
}

export interface NewApiPassword {
  userId: number;
  name: string;
  lookup: string;
  passwordHash: string;
  feverKeyHash: string;
  feverKeyHashLower: string | null;
  at: number;
}

const COLUMNS = [
  'api_passwords.id',
  'api_passwords.user_id',
  'api_passwords.name',
  'api_passwords.password_hash',
  'api_passwords.created_at',
  'api_passwords.last_used_at',
] as const;

export async function listApiPasswords(db: DB, userId: number): Promise<ApiPasswordRow[]> {
  return db
    .selectFrom('api_passwords')
    .where('user_id', '=', userId)
    .orderBy('id')
    .select(COLUMNS)
    .execute();
}

export async function countApiPasswords(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_passwords')
    .where('user_id', '=', userId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertApiPassword(db: DB, input: NewApiPassword): Promise<number> {
  const row = await db
    .insertInto('api_passwords')
    .values({
      user_id: input.userId,
      name: input.name,
      lookup: input.lookup,
      password_hash: input.passwordHash,
      fever_key_hash: input.feverKeyHash,
      fever_key_hash_lower: input.feverKeyHashLower,
      created_at: input.at,
      last_used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes one of the user's passwords; whether there was one. */
export async function deleteApiPassword(db: DB, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('api_passwords')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The user's passwords whose first group is `lookup` (one, but for a rare clash). */
export async function findByLookup(
  db: DB,
  userId: number,
  lookup: string,
): Promise<ApiPasswordRow[]> {
  return db
    .selectFrom('api_passwords')
    .where('user_id', '=', userId)
    .where('lookup', '=', lookup)
    .select(COLUMNS)
    .execute();
}

export type ApiPasswordWithUser = { password: ApiPasswordRow; user: UserRow };

/** One query: the password and its owner, whose account must be enabled. */
async function withOwner(
  db: DB,
  where: (q: ReturnType<typeof base>) => ReturnType<typeof base>,
): Promise<ApiPasswordWithUser | undefined> {
  const row = await where(base(db)).executeTakeFirst();
  if (!row) return undefined;
  const { ap_id, ap_name, ap_hash, ap_created, ap_used, ...user } = row;
  return {
    user,
    password: {
      id: ap_id,
      user_id: user.id,
      name: ap_name,
      password_hash: ap_hash,
      created_at: ap_created,
      last_used_at: ap_used,
    },
  };
}

function base(db: DB) {
  return db
    .selectFrom('api_passwords')
    .innerJoin('users', 'users.id', 'api_passwords.user_id')
    .where('users.is_disabled', '=', 0)
    .selectAll('users')
    .select([
      'api_passwords.id as ap_id',
      'api_passwords.name as ap_name',
      'api_passwords.password_hash as ap_hash',
      'api_passwords.created_at as ap_created',
      'api_passwords.last_used_at as ap_used',
    ]);
}

export const findWithOwnerById = (db: DB, id: number) =>
  withOwner(db, (q) => q.where('api_passwords.id', '=', id));

export const findWithOwnerByFeverKeyHash = (db: DB, keyHash: string) =>
  withOwner(db, (q) =>
    q.where((eb) =>
      eb.or([
        eb('api_passwords.fever_key_hash', '=', keyHash),
        eb('api_passwords.fever_key_hash_lower', '=', keyHash),
      ]),
    ),
  );

export async function touchApiPassword(db: DB, id: number, at: number): Promise<void> {
  await db.updateTable('api_passwords').set({ last_used_at: at }).where('id', '=', id).execute();
}

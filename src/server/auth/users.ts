// The users repository: every SQL statement about accounts lives here.
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { UserRow, UserUpdate } from '../db/tables';

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

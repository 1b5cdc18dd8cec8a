// Small factories for API tests: accounts inserted straight into the database
// (no registration rate limit, no first-user-admin surprise) and signed-in clients.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/passwords';
import { insertUser } from '../../src/server/auth/users';
import type { UserRow } from '../../src/server/db/tables';
import type { ApiClient } from './client';
import type { TestServer } from './server';

export const DEFAULT_PASSWORD = 'Correct-Horse-9';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  displayName: string;
  role: 'admin' | 'user';
  row: UserRow;
}

export interface CreateUserOptions {
  email?: string;
  password?: string;
  displayName?: string;
  role?: 'admin' | 'user';
  zipCode?: string | null;
}

/** Inserts an account directly (role defaults to 'user'). */
export async function createUser(
  server: Pick<TestServer, 'db'>,
  options: CreateUserOptions = {},
): Promise<TestUser> {
  const tag = randomBytes(4).toString('hex');
  const email = options.email ?? `user-${tag}@example.test`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const displayName = options.displayName ?? `Tester ${tag}`;
  const role = options.role ?? 'user';
  const row = await insertUser(server.db, {
    email,
    displayName,
    passwordHash: await hashPassword(password),
    role,
    zipCode: options.zipCode ?? null,
  });
  if (!row) throw new Error(`createUser: ${email} already exists`);
  return { id: row.id, email, password, displayName, role, row };
}

export const createAdmin = (
  server: Pick<TestServer, 'db'>,
  options: Omit<CreateUserOptions, 'role'> = {},
) => createUser(server, { ...options, role: 'admin' });

/** A fresh client signed in as the user through the real login call. */
export async function signIn(
  server: Pick<TestServer, 'client'>,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<ApiClient> {
  const client = server.client();
  const res = await client.post('/_api/auth/login_with_password', {
    email: user.email,
    password: user.password,
  });
  if (res.status !== 200)
    throw new Error(`signIn failed for ${user.email}: ${res.status} ${res.text}`);
  return client;
}

/** Creates a user and returns it with a signed-in client. */
export async function createSignedInUser(
  server: Pick<TestServer, 'db' | 'client'>,
  options: CreateUserOptions = {},
): Promise<{ user: TestUser; client: ApiClient }> {
  const user = await createUser(server, options);
  return { user, client: await signIn(server, user) };
}

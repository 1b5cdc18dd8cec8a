// The one factory module for tests: users, sources and items inserted straight into
// the database (no registration rate limit, no first-user-admin surprise), on either
// dialect, with sensible defaults and any field overridable; and signed-in clients.
import { randomBytes } from 'node:crypto';
import { Kysely } from 'kysely';
import { hashPassword } from '../../src/server/auth/passwords';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/sessions';
import { insertUser } from '../../src/server/auth/users';
import type { DB } from '../../src/server/db/database';
import type { NewNewsItem, NewSource, UserRow } from '../../src/server/db/tables';
import { urlKey } from '../../src/server/sources/url-key';
import type { SourceType } from '../../src/shared/constants';
import type { ApiClient } from './client';
import type { TestServer } from './server';

/** A database, or anything that holds one (a test server). */
export type DbTarget = DB | Pick<TestServer, 'db'>;
const dbOf = (target: DbTarget): DB => (target instanceof Kysely ? target : target.db);

let counter = 0;

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
  /** A stored hash as is (skips hashing `password`, which then cannot sign in). */
  passwordHash?: string;
}

/** Inserts an account directly (role defaults to 'user'). */
export async function createUser(
  target: DbTarget,
  options: CreateUserOptions = {},
): Promise<TestUser> {
  const tag = randomBytes(4).toString('hex');
  const email = options.email ?? `user-${tag}@example.test`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const displayName = options.displayName ?? `Tester ${tag}`;
  const role = options.role ?? 'user';
  const row = await insertUser(dbOf(target), {
    email,
    displayName,
    passwordHash: options.passwordHash ?? (await hashPassword(password)),
    role,
    zipCode: options.zipCode ?? null,
  });
  if (!row) throw new Error(`createUser: ${email} already exists`);
  return { id: row.id, email, password, displayName, role, row };
}

export const createAdmin = (target: DbTarget, options: Omit<CreateUserOptions, 'role'> = {}) =>
  createUser(target, { ...options, role: 'admin' });

/**
 * A user with a session of their own, and the cookie that carries it. They sign in
 * by that cookie: no password hash is computed unless a password is given.
 */
export async function createSessionUser(
  target: DbTarget,
  options: CreateUserOptions = {},
): Promise<TestUser & { cookie: string }> {
  const passwordHash = options.passwordHash ?? (options.password ? undefined : 'not-a-real-hash');
  const user = await createUser(target, { ...options, passwordHash });
  const { token } = await createSession(dbOf(target), user.id);
  return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * A source's fields: the common ones by short name, any other column by its own
 * name (`last_status`, `next_fetch_at`, …). Defaults: a default (shared) RSS
 * source, enabled, with a unique URL and the URL key the server would give it.
 */
export type SourceFields = {
  url?: string;
  name?: string;
  sourceType?: SourceType;
  userId?: number | null;
  isEnabled?: boolean;
} & Partial<Omit<NewSource, 'url' | 'name' | 'source_type' | 'user_id' | 'is_enabled'>>;

function sourceValues(fields: SourceFields): NewSource {
  const { url, name, sourceType, userId, isEnabled, ...columns } = fields;
  const n = ++counter;
  const at = Date.now();
  const href = url ?? `https://source-${n}.example.test/feed`;
  return {
    name: name ?? `Source ${n}`,
    url: href,
    url_key: urlKey(href),
    source_type: sourceType ?? 'rss',
    user_id: userId ?? null,
    is_enabled: isEnabled === false ? 0 : 1,
    created_at: at,
    updated_at: at,
    ...columns,
  };
}

/** Inserts a source; returns its id. */
export async function createSource(target: DbTarget, fields: SourceFields = {}): Promise<number> {
  const { id } = await dbOf(target)
    .insertInto('news_sources')
    .values(sourceValues(fields))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Inserts many sources, a few hundred rows per statement; returns their ids in order. */
export async function createSources(target: DbTarget, list: SourceFields[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < list.length; i += 200) {
    const rows = await dbOf(target)
      .insertInto('news_sources')
      .values(list.slice(i, i + 200).map(sourceValues))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * An item's columns, each overridable by its own name. Defaults: a plain article
 * with a unique dedupe key and URL, published, fetched and updated now.
 */
export type ItemFields = Partial<Omit<NewNewsItem, 'source_id'>>;

function itemValues(sourceId: number, fields: ItemFields): NewNewsItem {
  const n = ++counter;
  const at = Date.now();
  return {
    source_id: sourceId,
    dedupe_key: `item-${n}`,
    url: `https://example.test/items/${n}`,
    title: `Item ${n}`,
    summary: `<p>Summary ${n}</p>`,
    summary_text: `Summary ${n}`,
    content: null,
    content_text: null,
    image_url: null,
    author: null,
    published_at: at,
    fetched_at: at,
    updated_at: at,
    item_type: 'article',
    is_breaking: 0,
    engagement_score: 0,
    extra: null,
    ...fields,
  };
}

/** Inserts an item of a source; returns its id. */
export async function createItem(
  target: DbTarget,
  sourceId: number,
  fields: ItemFields = {},
): Promise<number> {
  const { id } = await dbOf(target)
    .insertInto('news_items')
    .values(itemValues(sourceId, fields))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Inserts many items of a source, a few hundred rows per statement; returns their ids in order. */
export async function createItems(
  target: DbTarget,
  sourceId: number,
  list: ItemFields[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < list.length; i += 200) {
    const rows = await dbOf(target)
      .insertInto('news_items')
      .values(list.slice(i, i + 200).map((fields) => itemValues(sourceId, fields)))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

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

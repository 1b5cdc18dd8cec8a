// Small factories for the ingestion suites: users with sessions, sources, items.
import type { DB } from '../../src/server/db/database';
import { createSession, SESSION_COOKIE } from '../../src/server/auth/sessions';
import type { SourceType } from '../../src/shared/constants';
import type { NormalizedItem } from '../../src/server/ingest/parse/normalize';
import { SOURCE_COLUMNS } from '../../src/server/ingest/pipeline';
import type { ApiClient } from '../helpers/client';

let counter = 0;

export async function createUser(db: DB, role: 'user' | 'admin' = 'user') {
  const n = ++counter;
  const email = `ingest${n}-${Date.now()}@example.org`;
  const now = Date.now();
  const { id } = await db
    .insertInto('users')
    .values({
      email,
      email_normalized: email,
      display_name: `User ${n}`,
      password_hash: 'not-a-real-hash',
      avatar_url: null,
      role,
      zip_code: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await createSession(db, id);
  return { id, cookie: `${SESSION_COOKIE}=${token}` };
}

/** POST as a user, with their session cookie. */
export function postAs(
  client: ApiClient,
  user: { cookie: string },
  path: string,
  body: unknown = {},
) {
  return client.post(path, body, { cookie: user.cookie });
}

export async function createSource(
  db: DB,
  values: {
    url: string;
    name?: string;
    sourceType?: SourceType;
    userId?: number | null;
    isEnabled?: boolean;
  },
) {
  const now = Date.now();
  const { id } = await db
    .insertInto('news_sources')
    .values({
      name: values.name ?? `Source ${++counter}`,
      url: values.url,
      url_key: values.url.toLowerCase(),
      source_type: values.sourceType ?? 'rss',
      user_id: values.userId ?? null,
      is_enabled: values.isEnabled === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function sourceRow(db: DB, id: number) {
  return db.selectFrom('news_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The sources' rows as a refresh takes them. */
export function fetchableSources(db: DB, ids: number[]) {
  return db
    .selectFrom('news_sources')
    .select([...SOURCE_COLUMNS])
    .where('id', 'in', ids)
    .execute();
}

export async function itemsOf(db: DB, sourceId: number) {
  return db
    .selectFrom('news_items')
    .selectAll()
    .where('source_id', '=', sourceId)
    .orderBy('id')
    .execute();
}

/** An item as normalising leaves it, keyed by `key`. */
export const normalizedItem = (
  key: string,
  over: Partial<NormalizedItem> = {},
): NormalizedItem => ({
  dedupeKey: key,
  url: `https://example.org/${key}`,
  title: `Title ${key}`,
  summary: `<p>Summary ${key}</p>`,
  summaryText: `Summary ${key}`,
  content: null,
  contentText: null,
  imageUrl: null,
  author: null,
  publishedAt: Date.UTC(2026, 0, 1),
  itemType: 'article',
  isBreaking: 0,
  engagementScore: 0,
  extra: null,
  mutable: false,
  dated: true,
  ...over,
});

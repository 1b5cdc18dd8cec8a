// Helpers for the ingestion suites: reading sources and items back, posting as a user,
// normalised items (users and sources come from test/helpers/factories).
import type { DB } from '../../src/server/db/database';
import type { NormalizedItem } from '../../src/server/ingest/parse/normalize';
import { SOURCE_COLUMNS } from '../../src/server/ingest/pipeline';
import type { ApiClient } from '../helpers/client';

/** POST as a user, with their session cookie. */
export function postAs(
  client: ApiClient,
  user: { cookie: string },
  path: string,
  body: unknown = {},
) {
  return client.post(path, body, { cookie: user.cookie });
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

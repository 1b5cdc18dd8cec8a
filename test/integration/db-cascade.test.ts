// Deleting an owner cascades through sources to items; the counter triggers
// must keep up without tripping foreign keys on either dialect.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';

describe.each(dialects)('cascading deletes (%s)', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
  });
  afterEach(() => t.destroy());

  async function userWithSourceAndItems() {
    const at = Date.now();
    const user = await t.db
      .insertInto('users')
      .values({
        email: 'a@b.c',
        email_normalized: 'a@b.c',
        display_name: 'A',
        password_hash: 'x',
        role: 'user',
        avatar_url: null,
        zip_code: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const source = await t.db
      .insertInto('news_sources')
      .values({
        name: 'S',
        url: 'https://x.test/feed',
        url_key: 'http://x.test/feed',
        source_type: 'rss',
        user_id: user.id,
        created_at: at,
        updated_at: at,
        last_fetched_at: null,
        last_status: null,
        last_error: null,
        etag: null,
        last_modified: null,
        resolved_url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('news_items')
      .values(
        [1, 2, 3].map((n) => ({
          source_id: source.id,
          dedupe_key: `k${n}`,
          url: `https://x.test/${n}`,
          title: `Item ${n}`,
          summary: '',
          summary_text: '',
          content: null,
          content_text: null,
          image_url: null,
          author: null,
          published_at: at,
          fetched_at: at,
          updated_at: at,
          item_type: n === 3 ? 'video' : 'article',
          is_breaking: 0 as const,
          engagement_score: 0,
          extra: null,
        })),
      )
      .execute();
    return { userId: user.id, sourceId: source.id };
  }

  it('deleting a user removes their sources, items and counters', async () => {
    const { userId, sourceId } = await userWithSourceAndItems();
    await t.db.deleteFrom('users').where('id', '=', userId).execute();
    expect(await t.db.selectFrom('news_sources').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('news_items').selectAll().execute()).toEqual([]);
    const counts = await t.db
      .selectFrom('source_item_counts')
      .selectAll()
      .where('source_id', '=', sourceId)
      .execute();
    expect(counts).toEqual([]);
  });

  it('deleting a source directly cascades to its items', async () => {
    const { sourceId } = await userWithSourceAndItems();
    await t.db.deleteFrom('news_sources').where('id', '=', sourceId).execute();
    expect(await t.db.selectFrom('news_items').selectAll().execute()).toEqual([]);
  });

  it('deleting items keeps the maintained counters exact', async () => {
    const { sourceId } = await userWithSourceAndItems();
    await t.db.deleteFrom('news_items').where('dedupe_key', '=', 'k1').execute();
    const source = await t.db
      .selectFrom('news_sources')
      .select('item_count')
      .where('id', '=', sourceId)
      .executeTakeFirstOrThrow();
    expect(source.item_count).toBe(2);
    const counts = await t.db
      .selectFrom('source_item_counts')
      .select(['item_type', 'item_count'])
      .where('source_id', '=', sourceId)
      .orderBy('item_type')
      .execute();
    expect(counts.map((c) => [c.item_type, c.item_count])).toEqual([
      ['article', 1],
      ['video', 1],
    ]);
  });
});

// Deleting an owner cascades through sources to items; the counter triggers
// must keep up without tripping foreign keys on either dialect.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';
import { createItems, createSource, createUser } from '../helpers/factories';

describe.each(dialects)('cascading deletes (%s)', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
  });
  afterEach(() => t.destroy());

  async function userWithSourceAndItems() {
    const user = await createUser(t.db, { email: 'a@b.c', displayName: 'A', passwordHash: 'x' });
    const sourceId = await createSource(t.db, {
      name: 'S',
      url: 'https://x.test/feed',
      userId: user.id,
    });
    await createItems(
      t.db,
      sourceId,
      [1, 2, 3].map((n) => ({
        dedupe_key: `k${n}`,
        url: `https://x.test/${n}`,
        title: `Item ${n}`,
        summary: '',
        summary_text: '',
        item_type: n === 3 ? 'video' : 'article',
      })),
    );
    return { userId: user.id, sourceId };
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

// Dedupe and store against a real database: seen-again items update, never duplicate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';
import {
  MAX_BACKOFF_MS,
  bulkInsertItems,
  nextFetchAt,
  storeItems,
  toRow,
} from '../../src/server/ingest/store/store';
import { createSource } from '../helpers/factories';
import { itemsOf, normalizedItem as item, sourceRow } from './ingest-helpers';

describe.each(dialects)('store (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t?.destroy());

  it('inserts new items once; a seen-again item updates its engagement, never duplicates', async () => {
    const source = await createSource(t.db, {
      url: 'https://example.org/feed',
      sourceType: 'reddit',
    });
    expect(
      (
        await storeItems(
          t.db,
          source,
          [item('a', { engagementScore: 5 }), item('b'), item('a')],
          1000,
        )
      ).added,
    ).toBe(2);
    expect(
      (
        await storeItems(
          t.db,
          source,
          [item('a', { engagementScore: 42, isBreaking: 1 }), item('b'), item('c')],
          2000,
        )
      ).added,
    ).toBe(1);
    const rows = await itemsOf(t.db, source);
    expect(rows.map((r) => r.dedupe_key)).toEqual(['a', 'b', 'c']);
    expect(rows[0]).toMatchObject({
      engagement_score: 42,
      is_breaking: 1,
      fetched_at: 1000,
      updated_at: 2000,
    });
    expect(rows[1]).toMatchObject({ updated_at: 1000 }); // unchanged: not rewritten
    const counts = await t.db
      .selectFrom('source_item_counts')
      .selectAll()
      .where('source_id', '=', source)
      .orderBy('is_breaking')
      .execute();
    expect(counts.map((c) => [c.item_type, c.is_breaking, c.item_count])).toEqual([
      ['article', 0, 2],
      ['article', 1, 1],
    ]);
    expect((await sourceRow(t.db, source)).item_count).toBe(3);
  });

  it('rewrites every field of a mutable item (a launch that moved) or one whose text changed', async () => {
    const source = await createSource(t.db, {
      url: 'https://example.org/launches',
      sourceType: 'rocket_launch',
    });
    await storeItems(
      t.db,
      source,
      [item('launch', { publishedAt: 10, extra: '{"status":"TBD"}' }), item('post')],
      1000,
    );
    await storeItems(
      t.db,
      source,
      [
        item('launch', { publishedAt: 20, extra: '{"status":"Go"}', mutable: true }),
        item('post', { title: 'Edited title', imageUrl: 'https://example.org/i.png' }),
      ],
      2000,
    );
    const [launch, post] = await itemsOf(t.db, source);
    expect(launch).toMatchObject({
      published_at: 20,
      extra: '{"status":"Go"}',
      fetched_at: 1000,
      updated_at: 2000,
    });
    expect(post).toMatchObject({ title: 'Edited title', image_url: 'https://example.org/i.png' });
    expect((await itemsOf(t.db, source)).length).toBe(2);
  });

  it('keeps items of different sources apart even with the same key', async () => {
    const one = await createSource(t.db, { url: 'https://one.example/feed' });
    const two = await createSource(t.db, { url: 'https://two.example/feed' });
    expect((await storeItems(t.db, one, [item('same')], 1)).added).toBe(1);
    expect((await storeItems(t.db, two, [item('same')], 1)).added).toBe(1);
  });

  it('bulk-inserts thousands of rows in batches', async () => {
    const source = await createSource(t.db, { url: 'https://bulk.example/feed' });
    const rows = Array.from({ length: 2500 }, (_, i) => toRow(source, item(`bulk-${i}`), i));
    await bulkInsertItems(t.db, rows, 1000);
    expect((await sourceRow(t.db, source)).item_count).toBe(2500);
  });
});

describe('nextFetchAt', () => {
  const interval = 30 * 60_000;
  it.each([
    [0, undefined, interval],
    [1, undefined, 2 * interval],
    [3, undefined, 8 * interval],
    [10, undefined, MAX_BACKOFF_MS],
    [1, 7200, 7200_000],
    [0, 10 * 86_400, MAX_BACKOFF_MS],
  ])('after %i errors with Retry-After %s → +%i ms', (errors, retryAfter, expected) => {
    expect(nextFetchAt(0, interval, errors, retryAfter)).toBe(expected);
  });
});

// Migration 0012 (issue 23): the query briefings and the "No matching story"
// briefings that earlier versions wrote into the shared AI Briefings source,
// where every user saw them, are removed; real briefings and stories stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';
import { createItem, createSource, createUser } from '../helpers/factories';

describe.each(dialects)('migration 0012_own_briefings (%s)', (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect, '0011_user_email_changed');
  });
  afterAll(async () => t?.destroy());

  it('removes leaked query briefings and empty briefings, and allows one own source per user', async () => {
    const now = Date.now();
    const source = (name: string, builtIn: 0 | 1) =>
      createSource(t.db, {
        name,
        url: `https://example.test/${name}`,
        url_key: name,
        sourceType: builtIn ? 'custom' : 'rss',
        built_in: builtIn,
      });
    const briefings = await source('briefings', 1);
    const news = await source('news', 0);
    const item = (sourceId: number, key: string, extra: unknown) =>
      createItem(t.db, sourceId, {
        dedupe_key: key,
        url: `https://example.test/${key}`,
        title: key,
        summary: '',
        summary_text: '',
        published_at: now,
        fetched_at: now,
        updated_at: now,
        extra: extra === null ? null : JSON.stringify(extra),
      });
    await item(briefings, 'query:quasar jets', { briefing: { query: 'quasar jets', matched: 0 } });
    await item(briefings, 'query:webb', { briefing: { query: 'Webb', matched: 3 } });
    await item(briefings, 'briefing:2026-11-24:morning', {
      briefing: { slot: 'morning', date: '2026-11-24', matched: 0 },
    });
    await item(briefings, 'briefing:2026-11-24:evening', {
      briefing: { slot: 'evening', date: '2026-11-24', matched: 4 },
    });
    // A feed's own story whose extra happens to look alike is never touched.
    await item(news, 'story', { briefing: { query: 'x', matched: 0 } });

    await migrateToLatest(t.db);

    const left = await t.db.selectFrom('news_items').select('dedupe_key').orderBy('id').execute();
    expect(left.map((r) => r.dedupe_key)).toEqual(['briefing:2026-11-24:evening', 'story']);

    // One built-in source per user: a second one is refused.
    const user = await createUser(t.db, {
      email: 'a@example.test',
      displayName: 'A',
      passwordHash: 'x',
    });
    const own = (key: string) =>
      createSource(t.db, {
        name: 'My AI Briefings',
        url: 'https://astrodash.invalid/ai-briefings',
        url_key: key,
        sourceType: 'custom',
        userId: user.id,
        built_in: 1,
      });
    await own('first');
    await expect(own('second')).rejects.toThrow(/UNIQUE constraint failed|duplicate key value/);
  });
});

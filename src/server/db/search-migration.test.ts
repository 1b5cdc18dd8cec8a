// Migration 0011 on a SQLite database that already holds items: the search index
// keyed by publish time gets every item, the id-keyed one goes, and the triggers
// keep the new one in step afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_INDEX_DRIFT_SQL } from '../../../test/helpers/search-index';
import { openDatabase, type DB } from './database';
import { migrateToLatest } from './migrate';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_news_list_indexes';
import * as m0003 from './migrations/0003_app_meta';
import * as m0004 from './migrations/0004_item_counts_per_statement';
import * as m0005 from './migrations/0005_sqlite_delete_trigger';
import * as m0006 from './migrations/0006_item_content_hash';
import * as m0007 from './migrations/0007_avatar_public_ids';
import * as m0008 from './migrations/0008_jobs';
import * as m0009 from './migrations/0009_ai';
import * as m0010 from './migrations/0010_announcements';

const BEFORE: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_news_list_indexes': m0002,
  '0003_app_meta': m0003,
  '0004_item_counts_per_statement': m0004,
  '0005_sqlite_delete_trigger': m0005,
  '0006_item_content_hash': m0006,
  '0007_avatar_public_ids': m0007,
  '0008_jobs': m0008,
  '0009_ai': m0009,
  '0010_announcements': m0010,
};

describe('migration 0011_search_by_time (sqlite)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-0011-'));
  let db: DB;
  const T0 = Date.UTC(2026, 9, 1);
  const match = async (words: string) =>
    (
      await sql<{ id: number }>`SELECT rowid & 2147483647 AS id FROM news_items_search
        WHERE news_items_search MATCH ${words} ORDER BY rowid DESC`.execute(db)
    ).rows.map((r) => r.id);

  beforeAll(async () => {
    db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'old.db') }).db;
    const old = await new Migrator({
      db,
      provider: { getMigrations: async () => BEFORE },
    }).migrateToLatest();
    if (old.error) throw old.error;
    const at = Date.now();
    const source = await db
      .insertInto('news_sources')
      .values({
        name: 'S',
        url: 'https://s.test/',
        url_key: 's',
        source_type: 'rss',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let n = 0; n < 30; n++)
      await db
        .insertInto('news_items')
        .values({
          source_id: source.id,
          dedupe_key: `k${n}`,
          url: `https://s.test/${n}`,
          title: n % 3 === 0 ? `Comet ${n}` : `Planet ${n}`,
          summary: `<p>About ${n}</p>`,
          summary_text: `About ${n}`,
          // Newest last for the first half, newest first for the second; one before 1970.
          published_at: n === 7 ? -86_400_000 : T0 + (n < 15 ? n : 45 - n) * 3_600_000 + n,
          fetched_at: at,
          updated_at: at,
          item_type: 'article',
          is_breaking: 0,
          engagement_score: 0,
        })
        .execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('indexes every item under its publish-time key and drops the old index', async () => {
    const { rows } = await sql.raw(SEARCH_INDEX_DRIFT_SQL).execute(db);
    expect(rows).toEqual([{ stray: 0, missing: 0 }]);
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master
      WHERE name LIKE 'news_items_fts%'`.execute(db);
    expect(tables.rows).toEqual([]);
    const items = await db
      .selectFrom('news_items')
      .select(['id', 'title', 'published_at'])
      .execute();
    const comets = items
      .filter((i) => i.title.startsWith('Comet'))
      .toSorted((a, b) => b.published_at - a.published_at || b.id - a.id)
      .map((i) => i.id);
    expect(await match('comet')).toEqual(comets);
  });

  it('keeps the index in step with inserts, updates and deletes afterwards', async () => {
    const [first] = await db.selectFrom('news_items').select('id').orderBy('id').limit(1).execute();
    await db
      .updateTable('news_items')
      .set({ title: 'Nebula now', published_at: T0 + 99 * 3_600_000 })
      .where('id', '=', first.id)
      .execute();
    expect(await match('nebula')).toEqual([first.id]);
    expect(await match('comet')).not.toContain(first.id);
    await db.deleteFrom('news_items').where('id', '=', first.id).execute();
    expect(await match('nebula')).toEqual([]);
    const { rows } = await sql.raw(SEARCH_INDEX_DRIFT_SQL).execute(db);
    expect(rows).toEqual([{ stray: 0, missing: 0 }]);
  });
});

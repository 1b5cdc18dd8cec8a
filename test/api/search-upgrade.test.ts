// Upgrading a SQLite database that holds items to the search index keyed by
// publish time (migration 0014): the migration only creates the empty index; the
// old index answers searches while the stored items are copied in batches, the
// writes made meanwhile reach both, and once the copy ends the old index is gone
// and the new one answers the same.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate';
import { listNews } from '../../src/server/news/list';
import { SearchCache } from '../../src/server/news/search-cache';
import {
  copySearchBatch,
  searchIndexOf,
  startSearchIndexCopy,
} from '../../src/server/news/search-index';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createItem, createItems, createSource, createUser } from '../helpers/factories';
import { SEARCH_INDEX_DRIFT_SQL } from '../helpers/search-index';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 9, 1);
const silent = { info: () => undefined, error: () => undefined };

describe('upgrading SQLite to the search index keyed by publish time', () => {
  let database: TestDatabase;
  let userId: number;
  let sourceId: number;
  let ids: number[];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', '0013_reading');
    userId = (await createUser(database.db)).id;
    sourceId = await createSource(database.db, { name: 'Feed', userId: null });
    ids = await createItems(
      database.db,
      sourceId,
      Array.from({ length: 60 }, (_, n) => ({
        title: n % 2 ? `Comet ${n}` : `Nebula ${n}`,
        summary_text: n % 5 === 0 ? 'spacecraft news' : 'plain news',
        // Newest by id is not newest by time: the new index must order by time.
        published_at: T0 + ((n * 17) % 60) * HOUR + n,
      })),
    );
    await migrateToLatest(database.db);
  });
  afterAll(() => database.destroy());

  const search = async (searchTerm: string) => {
    const deps = {
      db: database.db,
      dialect: 'sqlite' as const,
      searchCache: new SearchCache(0),
      searchCountLimit: 1000,
    };
    const page = await listNews(deps, userId, {
      page: 1,
      pageSize: 100,
      sortBy: 'publishedAt',
      sortOrder: 'desc',
      includeBlueSky: false,
      status: 'all',
      group: true,
      searchTerm,
    });
    return page.items.map((i) => i.title);
  };
  const titlesByTime = async (test: (title: string, summary: string) => boolean) => {
    const rows = await database.db
      .selectFrom('news_items')
      .select(['title', 'summary_text', 'published_at', 'id'])
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.filter((r) => test(r.title, r.summary_text)).map((r) => r.title);
  };
  const meta = async () =>
    (
      await database.db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', 'search_index_below')
        .executeTakeFirst()
    )?.value;

  it('creates the empty index and leaves the copy to the server', async () => {
    expect(await meta()).toBe(String(Math.max(...ids) + 1));
    expect(await searchIndexOf(database.db, 'sqlite')).toBe('legacy');
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM news_items_search`.execute(
      database.db,
    );
    expect(rows[0].n).toBe(0);
    expect(await search('comet')).toEqual(await titlesByTime((t) => t.startsWith('Comet')));
  });

  it('keeps both indexes in step with writes while the copy runs, then serves from the new one', async () => {
    expect(await copySearchBatch(database.db, 20)).toBe(20);
    const position = Number(await meta());
    const above = ids.filter((id) => id >= position);
    const below = ids.filter((id) => id < position);
    // Writes on both sides of the copy's position, and a new item.
    const set = (id: number, title: string) =>
      database.db.updateTable('news_items').set({ title }).where('id', '=', id).execute();
    await set(above[0], 'Quasar above');
    await set(below[0], 'Quasar below');
    await database.db.deleteFrom('news_items').where('id', '=', above[1]).execute();
    await database.db.deleteFrom('news_items').where('id', '=', below[1]).execute();
    await database.db
      .updateTable('news_items')
      .set({ published_at: T0 + 99 * HOUR })
      .where('id', '=', above[2])
      .execute();
    await createItem(database.db, sourceId, { title: 'Quasar new', published_at: T0 });

    const quasars = await titlesByTime((t) => t.startsWith('Quasar'));
    expect(quasars).toHaveLength(3);
    expect(await search('quasar')).toEqual(quasars);
    expect(await searchIndexOf(database.db, 'sqlite')).toBe('legacy');

    await startSearchIndexCopy({ db: database.db, dialect: 'sqlite', log: silent }).finished;

    expect(await meta()).toBeUndefined();
    expect(await searchIndexOf(database.db, 'sqlite')).toBe('time');
    const old = await sql`SELECT name FROM sqlite_master WHERE name LIKE 'news_items_fts%'`.execute(
      database.db,
    );
    expect(old.rows).toEqual([]);
    const { rows } = await sql.raw(SEARCH_INDEX_DRIFT_SQL).execute(database.db);
    expect(rows).toEqual([{ stray: 0, missing: 0 }]);
    expect(await search('quasar')).toEqual(quasars);
    expect(await search('comet')).toEqual(await titlesByTime((t) => t.startsWith('Comet')));
    expect(await search('space')).toEqual(await titlesByTime((_, s) => s.startsWith('spacecraft')));
  });

  it('keeps the new index in step afterwards, and a second copy has nothing to do', async () => {
    const id = await createItem(database.db, sourceId, { title: 'Pulsar late', published_at: T0 });
    expect(await search('pulsar')).toEqual(['Pulsar late']);
    await database.db.deleteFrom('news_items').where('id', '=', id).execute();
    expect(await search('pulsar')).toEqual([]);
    expect(await copySearchBatch(database.db, 20)).toBe('done');
    await startSearchIndexCopy({ db: database.db, dialect: 'sqlite', log: silent }).finished;
    const { rows } = await sql.raw(SEARCH_INDEX_DRIFT_SQL).execute(database.db);
    expect(rows).toEqual([{ stray: 0, missing: 0 }]);
  });
});

// Search results and their totals when a search has more matches than it counts
// (SEARCH_COUNT_LIMIT, here 5): common and rare words, several words, both
// orders and every way of paging, on each database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsListResponse } from '../../src/shared/types';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createSignedInUser } from '../helpers/factories';
import { SEARCH_INDEX_DRIFT_SQL } from '../helpers/search-index';
import { startTestServer, type TestServer } from '../helpers/server';

const LIMIT = 5;
const T0 = Date.UTC(2026, 9, 1);
const HOUR = 3_600_000;

interface Model {
  id: string;
  title: string;
  publishedAt: number;
  engagementScore: number;
  sourceId: number;
}

/** Item n's title: "orbit" in 3 of 4 items, "comet" in every 10th, "lunar" in every other. */
function titleOf(n: number) {
  const words = [`story ${n}`];
  if (n % 4 !== 0) words.push('orbit');
  if (n % 10 === 3) words.push('comet');
  if (n % 2 === 1) words.push('lunar');
  return words.join(' ');
}

describe.each(dialects)('search totals past SEARCH_COUNT_LIMIT (%s)', (dialect) => {
  let server: TestServer;
  let client: ApiClient;
  const items: Model[] = [];
  const sources: number[] = [];

  const list = async (query: string) => {
    const res = await client.get(`/_api/news/list?${query}`);
    expect(res.status, query).toBe(200);
    return res.body as NewsListResponse;
  };
  const newest = (models: Model[]) =>
    models
      .toSorted((a, b) => b.publishedAt - a.publishedAt || Number(b.id) - Number(a.id))
      .map((m) => m.id);
  const lunariumIds = () => items.filter((m) => m.title.startsWith('lunarium')).map((m) => m.id);
  const withWords = (...words: string[]) =>
    items.filter((m) => words.every((w) => m.title.split(' ').includes(w)));

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { SEARCH_COUNT_LIMIT: String(LIMIT) } });
    ({ client } = await createSignedInUser(server));
    const at = Date.now();
    for (const name of ['A', 'B', 'Hidden']) {
      const row = await server.db
        .insertInto('news_sources')
        .values({
          name,
          url: `https://example.test/${name}`,
          url_key: name,
          source_type: 'rss',
          user_id: null,
          is_enabled: name === 'Hidden' ? 0 : 1,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      sources.push(row.id);
    }
    for (let n = 0; n < 50; n++) {
      const sourceId = sources[n % 3];
      const values = {
        source_id: sourceId,
        dedupe_key: `item-${n}`,
        url: `https://example.test/items/${n}`,
        title: n < 48 ? titleOf(n) : `lunarium tour ${n}`,
        summary: `<p>Summary ${n}</p>`,
        summary_text: `Summary ${n}`,
        content: null,
        content_text: null,
        image_url: null,
        author: null,
        // Not in id order, with ties (the id breaks them), and the last twelve in one
        // hour (one second even), newest first by id: the opposite of their id order.
        published_at: n >= 36 ? T0 + 20 * HOUR + 500 + (47 - n) * 7 : T0 + ((n * 17) % 41) * HOUR,
        fetched_at: T0,
        updated_at: T0,
        item_type: 'article',
        is_breaking: 0 as const,
        engagement_score: (n * 29) % 53,
        extra: null,
      };
      const row = await server.db
        .insertInto('news_items')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      // The disabled source's items are never shown.
      if (sourceId !== sources[2])
        items.push({
          id: String(row.id),
          title: values.title,
          publishedAt: values.published_at,
          engagementScore: values.engagement_score,
          sourceId,
        });
    }
  });
  afterAll(() => server.close());

  it('counts a rare word exactly', async () => {
    const expected = newest(withWords('comet'));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThanOrEqual(LIMIT);
    const body = await list('searchTerm=comet&pageSize=100');
    expect(body.items.map((i) => i.id)).toEqual(expected);
    expect(body.pagination).toEqual({
      page: 1,
      totalPages: 1,
      totalItems: expected.length,
      nextCursor: null,
    });
  });

  it('bounds the total of a common word and pages through every match, newest first', async () => {
    const expected = newest(withWords('orbit'));
    expect(expected.length).toBeGreaterThan(3 * LIMIT);
    const first = await list('searchTerm=orbit&pageSize=6');
    expect(first.items.map((i) => i.id)).toEqual(expected.slice(0, 6));
    expect(first.pagination).toMatchObject({
      page: 1,
      totalItems: 7,
      totalPages: 2,
      totalIsLowerBound: true,
    });
    expect(first.pagination.nextCursor).toEqual(expect.any(String));

    // The infinite scroll: follow the cursor while page < totalPages.
    const seen = first.items.map((i) => i.id);
    const totals: number[] = [];
    let last = first;
    while (last.pagination.page < last.pagination.totalPages) {
      const page = last.pagination.page + 1;
      last = await list(
        `searchTerm=orbit&pageSize=6&page=${page}&cursor=${last.pagination.nextCursor}`,
      );
      expect(last.pagination.page).toBe(page);
      seen.push(...last.items.map((i) => i.id));
      if (last.pagination.totalIsLowerBound) totals.push(last.pagination.totalItems - page * 6);
    }
    expect(seen).toEqual(expected);
    // Every bounded page counts what it has seen and one more.
    expect(totals.length).toBeGreaterThan(0);
    expect(new Set(totals)).toEqual(new Set([1]));
    // The last page knows the end: the total is exact.
    expect(last.pagination.totalIsLowerBound).toBeUndefined();
    expect(last.pagination.totalItems).toBe(expected.length);
    expect(last.pagination.totalPages).toBe(last.pagination.page);
    expect(last.pagination.nextCursor).toBeNull();

    // Numbered pages give the same items.
    const third = await list('searchTerm=orbit&pageSize=6&page=3');
    expect(third.items.map((i) => i.id)).toEqual(expected.slice(12, 18));
    expect(third.pagination).toMatchObject({ totalItems: 19, totalPages: 4 });
  });

  it('pages through matches that share an hour of the index, in both orders and any page size', async () => {
    const matches = withWords('orbit');
    const hour = (m: Model) => Math.floor(m.publishedAt / HOUR);
    const shared = matches.filter((m) => hour(m) === hour(matches.at(-1)!));
    expect(shared.length).toBeGreaterThan(5);
    for (const order of ['desc', 'asc'] as const) {
      const expected = order === 'desc' ? newest(matches) : newest(matches).toReversed();
      for (const size of [1, 4, 5, 7]) {
        const pages: string[] = [];
        const cursors: string[] = [];
        let cursor: string | null = null;
        for (let page = 1; page <= Math.ceil(expected.length / size); page++) {
          const base = `searchTerm=orbit&sortOrder=${order}&pageSize=${size}&page=${page}`;
          const numbered = await list(base);
          pages.push(...numbered.items.map((i) => i.id));
          const scrolled: NewsListResponse = await list(cursor ? `${base}&cursor=${cursor}` : base);
          cursors.push(...scrolled.items.map((i) => i.id));
          cursor = scrolled.pagination.nextCursor;
        }
        expect(pages, `${order} ${size}`).toEqual(expected);
        expect(cursors, `${order} ${size}`).toEqual(expected);
      }
    }
  });

  it('matches a last word as a prefix until it is a whole word of the index', async () => {
    const search = async (term: string) =>
      (await list(`searchTerm=${term}&pageSize=100`)).items.map((i) => i.id);
    const lunarium = lunariumIds();
    expect(lunarium.length).toBe(2);
    // Four letters: always a prefix (the index keeps 2- to 4-letter prefixes).
    expect(await search('luna')).toEqual(newest(items.filter((m) => /\blunar/.test(m.title))));
    // A whole word: itself only, not the words it begins.
    expect(await search('lunar')).toEqual(newest(withWords('lunar')));
    // Not a word (yet): a prefix.
    expect((await search('lunari')).toSorted()).toEqual(lunarium.toSorted());
    expect(await search(encodeURIComponent('tour lunari'))).toHaveLength(2);
  });

  it('keeps the index in step when an item changes its words or publish time, or goes', async () => {
    const drift = async () =>
      dialect === 'sqlite'
        ? (await sql.raw(SEARCH_INDEX_DRIFT_SQL).execute(server.db)).rows
        : [{ stray: 0, missing: 0 }];
    const id = Number(lunariumIds()[0]);
    await server.db
      .updateTable('news_items')
      .set({ title: 'zephyr tour', published_at: T0 + 100 * HOUR + 999 })
      .where('id', '=', id)
      .execute();
    expect(await drift()).toEqual([{ stray: 0, missing: 0 }]);
    const found = await list('searchTerm=zephyr');
    expect(found.items.map((i) => [i.id, i.publishedAt])).toEqual([
      [String(id), new Date(T0 + 100 * HOUR + 999).toISOString()],
    ]);
    await server.db.deleteFrom('news_items').where('id', '=', id).execute();
    expect(await drift()).toEqual([{ stray: 0, missing: 0 }]);
    expect((await list(`searchTerm=zephyr&sourceIds[]=${sources[0]}`)).items).toEqual([]);
  });

  it('answers an empty page past the end of a bounded search', async () => {
    const body = await list('searchTerm=orbit&pageSize=100&page=5');
    expect(body.items).toEqual([]);
    expect(body.pagination).toMatchObject({ page: 5, totalItems: LIMIT, totalIsLowerBound: true });
    expect(body.pagination.nextCursor).toBeNull();
  });

  it('bounds several common words together and keeps other sorts in order', async () => {
    const both = withWords('orbit', 'lunar');
    expect(both.length).toBeGreaterThan(LIMIT);
    const body = await list(`searchTerm=${encodeURIComponent('lunar orbit')}&pageSize=100`);
    expect(body.items.map((i) => i.id)).toEqual(newest(both));
    expect(body.pagination).toEqual({
      page: 1,
      totalPages: 1,
      totalItems: both.length,
      nextCursor: null,
    });

    const byEngagement = await list(
      'searchTerm=orbit&sortBy=engagementScore&sortOrder=asc&pageSize=4',
    );
    expect(byEngagement.items.map((i) => i.id)).toEqual(
      withWords('orbit')
        .toSorted((a, b) => a.engagementScore - b.engagementScore || Number(a.id) - Number(b.id))
        .slice(0, 4)
        .map((m) => m.id),
    );
    expect(byEngagement.pagination).toMatchObject({ totalItems: LIMIT, totalIsLowerBound: true });
  });

  it('counts within the selected sources', async () => {
    const inA = newest(withWords('orbit').filter((m) => m.sourceId === sources[0]));
    const body = await list(`searchTerm=orbit&pageSize=100&sourceIds[]=${sources[0]}`);
    expect(body.items.map((i) => i.id)).toEqual(inA);
    expect(body.pagination.totalItems).toBe(inA.length);
    expect(body.pagination.totalIsLowerBound).toBeUndefined();
    // A prefix of a common word is as common.
    const prefix = await list('searchTerm=orb&pageSize=3');
    expect(prefix.items.map((i) => i.id)).toEqual(newest(withWords('orbit')).slice(0, 3));
    expect(prefix.pagination).toMatchObject({ totalItems: LIMIT, totalIsLowerBound: true });
  });
});

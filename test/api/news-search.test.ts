// Searching the feed (issue 31): pages in exact feed order however common the
// word, read from the index in publish order (SQLite) or by a walk and windows of
// publish time (PostgreSQL); totals counted up to SEARCH_COUNT_LIMIT and said as
// a lower bound past it; a last word matching the words it begins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsItem, NewsListResponse } from '../../src/shared/types';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createItems, createSignedInUser, createSource } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { pgWalk, pgWindows } from '../../src/server/news/search-postgres';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 9, 1);
/** The test server counts this many matches at most. */
const LIMIT = 25;
const ITEMS = 720;

interface Model {
  id: number;
  text: string;
  publishedAt: number;
  fetchedAt: number;
  engagement: number;
  /** Alice sees it (a default source), or not (Bob's personal source). */
  mine: boolean;
}

/** Words of the n-th item: "comet" in a third of them, "quasar" in a few old ones, prefixes of one another. */
function words(n: number): string {
  const out = [`story ${n}`];
  if (n % 3 === 0) out.push('comet tail');
  if (n % 60 === 7 && n < 500) out.push('quasar jet');
  if (n % 5 === 1) out.push('spacecraft');
  if (n % 7 === 2) out.push('deep space');
  if (n % 50 === 3) out.push('exoplanetary survey');
  return out.join(' ');
}

/** Publish times: several items to an hour, out of id order, ties in one millisecond, two before 1970. */
function publishedAt(n: number): number {
  if (n === 11 || n === 12) return -5 * HOUR - n;
  const hour = Math.floor(((n * 37) % ITEMS) / 4);
  return T0 + hour * HOUR + ((n * 7919) % 5) * 60_000 + (n % 6 === 0 ? 0 : n % 3);
}

describe.each(dialects)('searching the feed (%s)', (dialect) => {
  let server: TestServer;
  let sharedSource: number;
  let alice: { client: ApiClient };
  const items: Model[] = [];

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { SEARCH_COUNT_LIMIT: String(LIMIT) } });
    alice = await createSignedInUser(server, { displayName: 'Alice' });
    const bob = await createSignedInUser(server, { displayName: 'Bob' });
    const shared = await createSource(server, { name: 'Shared', userId: null });
    sharedSource = shared;
    const bobs = await createSource(server, { name: 'Bob only', userId: bob.user.id });
    const all = Array.from({ length: ITEMS }, (_, n) => ({
      mine: n % 10 !== 9,
      fields: {
        title: `Item ${n}`,
        summary_text: words(n),
        published_at: publishedAt(n),
        fetched_at: T0 + ((n * 11) % ITEMS) * 1000,
        engagement_score: (n * 53) % 97,
      },
    }));
    // "magnetar": three among the newest items, then none until forty older than all
    // the rest: more than the count limit, so PostgreSQL reads a page through windows
    // of time, and the first, sized from what the newest show, falls short.
    for (const [k, at] of [
      ...[0, 1, 2].map((i) => [i, T0 + (170 + i) * HOUR] as const),
      ...Array.from({ length: 40 }, (_, i) => [3 + i, T0 - (1000 + i) * HOUR] as const),
    ]) {
      all.push({
        mine: true,
        fields: {
          title: `Magnetar ${k}`,
          summary_text: 'magnetar flare',
          published_at: at,
          fetched_at: T0 + (ITEMS + k) * 1000,
          engagement_score: k,
        },
      });
    }
    for (const mine of [true, false]) {
      const part = all.filter((x) => x.mine === mine);
      const ids = await createItems(
        server,
        mine ? shared : bobs,
        part.map((x) => x.fields),
      );
      part.forEach(({ fields: f }, i) =>
        items.push({
          id: ids[i],
          text: `${f.title} ${f.summary_text}`.toLowerCase(),
          publishedAt: f.published_at,
          fetchedAt: f.fetched_at,
          engagement: f.engagement_score,
          mine,
        }),
      );
    }
  });
  afterAll(() => server.close());

  const list = async (query: string): Promise<NewsListResponse> => {
    const res = await alice.client.get(`/_api/news/list?${query}`);
    expect(res.status, query).toBe(200);
    return res.body as NewsListResponse;
  };
  const ids = (body: NewsListResponse) => body.items.map((i: NewsItem) => Number(i.id));
  /** Alice's matches of a whole-word test in feed order. */
  const matchesOf = (
    test: (text: string) => boolean,
    order: 'asc' | 'desc',
    by: 'publishedAt' | 'fetchedAt' | 'engagement' = 'publishedAt',
  ) => {
    const sign = order === 'asc' ? 1 : -1;
    return items
      .filter((m) => m.mine && test(m.text))
      .toSorted((a, b) => sign * (a[by] - b[by] || a.id - b.id))
      .map((m) => m.id);
  };
  const hasWord = (prefix: string) => (text: string) =>
    text.split(/[^a-z0-9]+/).some((w) => w.startsWith(prefix));

  /**
   * Every page by number and by cursor, with what each page's totals say (in the
   * terms of expectedWalk: exact, or a lower bound that is at least what was
   * counted and offers a next page), and a page past the end.
   */
  async function walkPages(term: string, base: string, pageSize: number, count: number) {
    const q = `searchTerm=${encodeURIComponent(term)}&pageSize=${pageSize}&${base}`;
    const byPage: number[] = [];
    const byCursor: number[] = [];
    const totals: unknown[] = [];
    let cursor: string | null = null;
    for (let page = 1; byPage.length < count && page <= count + 1; page++) {
      const numbered = await list(`${q}&page=${page}`);
      const followed: NewsListResponse =
        page === 1 || !cursor ? numbered : await list(`${q}&page=${page}&cursor=${cursor}`);
      byPage.push(...ids(numbered));
      if (page === 1 || cursor) byCursor.push(...ids(followed));
      cursor = followed.pagination.nextCursor;
      const { totalItems, totalPages, totalIsLowerBound, nextCursor } = numbered.pagination;
      totals.push({
        totalIsLowerBound,
        totalItems: totalIsLowerBound
          ? totalItems >= Math.max(LIMIT, byPage.length + 1)
          : totalItems,
        totalPages: totalIsLowerBound ? totalPages > page : totalPages,
        nextCursor: nextCursor !== null,
      });
    }
    const past = await list(`${q}&page=${Math.ceil(count / pageSize) + 1}`);
    return { byPage, byCursor, totals, past: ids(past) };
  }

  /** What walkPages must see for these matches. */
  function expectedWalk(want: number[], pageSize: number) {
    const pages = Math.ceil(want.length / pageSize);
    return {
      byPage: want,
      byCursor: want,
      totals: Array.from({ length: pages }, (_, i) => {
        const more = (i + 1) * pageSize < want.length;
        const bounded = more && want.length > LIMIT;
        return {
          totalIsLowerBound: bounded ? true : undefined,
          totalItems: bounded ? true : want.length,
          totalPages: bounded ? true : pages,
          nextCursor: more,
        };
      }),
      past: [],
    };
  }

  it.each([
    ['comet', 'desc'],
    ['comet', 'asc'],
    ['quasar', 'desc'],
    ['magnetar', 'desc'],
    ['space', 'asc'],
    ['comet spac', 'desc'],
  ] as const)('pages of "%s" (%s) follow the feed order exactly', async (term, order) => {
    const test = (text: string) => term.split(' ').every((w) => hasWord(w)(text));
    const want = matchesOf(test, order);
    expect(await walkPages(term, `sortBy=publishedAt&sortOrder=${order}`, 9, want.length)).toEqual(
      expectedWalk(want, 9),
    );
  });

  it('a page deep in a common word is right, and so are the pages before and after it', async () => {
    const want = matchesOf(hasWord('comet'), 'desc');
    const deep = await list('searchTerm=comet&pageSize=20&page=9');
    expect(ids(deep)).toEqual(want.slice(160, 180));
    expect(deep.pagination).toMatchObject({ page: 9, totalIsLowerBound: true });
    expect(deep.pagination.totalPages).toBeGreaterThan(9);
    // Pages within what the deep one read (kept for a while on PostgreSQL), and past it.
    for (const n of [3, 8, 10]) {
      const again = await list(`searchTerm=comet&pageSize=20&page=${n}`);
      expect(ids(again), `page ${n}`).toEqual(want.slice((n - 1) * 20, n * 20));
      expect(again.pagination.nextCursor).not.toBeNull();
    }
  });

  it('says a small total exactly, without the flag', async () => {
    const want = matchesOf(hasWord('quasar'), 'desc');
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThanOrEqual(LIMIT);
    const body = await list('searchTerm=quasar&pageSize=3');
    expect(body.pagination).toEqual({
      page: 1,
      totalPages: Math.ceil(want.length / 3),
      totalItems: want.length,
      nextCursor: body.pagination.nextCursor,
    });
  });

  it('a last word matches the words it begins, however long', async () => {
    const space = await list('searchTerm=space&pageSize=100');
    const spacecraft = matchesOf(hasWord('spacecraft'), 'desc');
    expect(ids(space)).toEqual(matchesOf(hasWord('space'), 'desc').slice(0, 100));
    expect(ids(space)).toEqual(expect.arrayContaining(spacecraft.slice(0, 10)));
    expect(ids(await list('searchTerm=spacec&pageSize=100'))).toEqual(spacecraft.slice(0, 100));
    for (const prefix of ['exoplanetar', 'exoplanetary', 'exo']) {
      const body = await list(`searchTerm=${prefix}&pageSize=100`);
      expect(ids(body), prefix).toEqual(matchesOf(hasWord('exoplanetary'), 'desc'));
    }
    // A whole word before the last one matches as itself.
    expect((await list('searchTerm=spac%20comet')).items).toEqual([]);
  });

  it.each(['engagementScore', 'fetchedAt'] as const)(
    'other sorts list the same matches in their own order (%s)',
    async (sortBy) => {
      for (const term of ['comet', 'quasar']) {
        const by = sortBy === 'engagementScore' ? 'engagement' : 'fetchedAt';
        const want = matchesOf(hasWord(term), 'desc', by);
        const walked = await walkPages(term, `sortBy=${sortBy}&sortOrder=desc`, 20, want.length);
        expect(walked, term).toEqual(expectedWalk(want, 20));
      }
    },
  );

  it('a read filter the counters cannot answer counts to the limit too', async () => {
    const mine = items.filter((m) => m.mine).length;
    const q = 'status=unread&itemType=article&pageSize=100';
    const first = await list(`${q}&page=1`);
    expect(first.pagination).toMatchObject({ totalIsLowerBound: true, totalItems: 101 });
    expect(first.pagination.totalPages).toBeGreaterThan(1);
    const lastPage = Math.ceil(mine / 100);
    const last = await list(`${q}&page=${lastPage}`);
    expect(last.items).toHaveLength(mine - (lastPage - 1) * 100);
    expect(last.pagination).toEqual({
      page: lastPage,
      totalPages: lastPage,
      totalItems: mine,
      nextCursor: null,
    });
  });

  // The list reads a word this rare at this size whole; at a million items it reads
  // the page through windows of publish time, asked here directly.
  it.skipIf(dialect !== 'postgres')(
    'windows of publish time find the pages of a word the walk saw too little of',
    async () => {
      const filter = { sourceIds: [sharedSource], searchTokens: ['magnetar'] };
      const want = matchesOf(hasWord('magnetar'), 'desc');
      for (const offset of [0, 9, 27]) {
        const page = { order: 'desc' as const, limit: 9, offset };
        const walked = await pgWalk(server.db, filter, page);
        expect(walked.settled).toBe(false);
        const found = await pgWindows(server.db, filter, page, walked);
        expect(found.ids, `offset ${offset}`).toEqual(want.slice(offset, offset + 9));
        expect(found.more).toBe(true);
      }
    },
  );

  it("never finds another user's personal items", async () => {
    const bobsIds = new Set(items.filter((m) => !m.mine).map((m) => m.id));
    expect(bobsIds.size).toBeGreaterThan(0);
    const body = await list('searchTerm=story&pageSize=100&page=2');
    expect(ids(body).some((id) => bobsIds.has(id))).toBe(false);
  });
});

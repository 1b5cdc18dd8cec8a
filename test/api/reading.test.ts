// Read and saved state (issue 25): every call and rule, on every dialect, against
// a model of what each user has read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../helpers/client';
import { dialects } from '../helpers/database';
import {
  createAdmin,
  createSignedInUser,
  createSource,
  signIn,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 9, 1);

interface Item {
  id: number;
  sourceId: number;
  publishedAt: number;
}

/** Inserts items in batches; `publishedAt(n)` need not grow with n (items stored out of order). */
async function insertItems(
  server: TestServer,
  sourceId: number,
  count: number,
  publishedAt: (n: number) => number,
  tag = '',
): Promise<Item[]> {
  const out: Item[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = await server.db
      .insertInto('news_items')
      .values(
        Array.from({ length: Math.min(500, count - start) }, (_, k) => {
          const n = start + k;
          return {
            source_id: sourceId,
            dedupe_key: `${tag}${sourceId}-${n}`,
            url: `https://example.test/${sourceId}/${tag}${n}`,
            title: `Story ${tag}${n} of source ${sourceId}`,
            summary: `<p>Story ${n}</p>`,
            summary_text: `Story ${n}`,
            content: null,
            content_text: null,
            image_url: null,
            author: null,
            published_at: publishedAt(n),
            fetched_at: T0,
            updated_at: T0,
            item_type: 'article',
            is_breaking: 0 as const,
            engagement_score: 0,
            extra: null,
          };
        }),
      )
      .returning(['id', 'source_id', 'published_at'])
      .execute();
    out.push(
      ...rows.map((r) => ({ id: r.id, sourceId: r.source_id, publishedAt: r.published_at })),
    );
  }
  return out;
}

const older = (a: Item, b: Item) =>
  a.publishedAt < b.publishedAt || (a.publishedAt === b.publishedAt && a.id <= b.id);

describe.each(dialects)('read and saved state (%s)', (dialect) => {
  let server: TestServer;
  let alice: { user: TestUser; client: ApiClient };
  let bob: { user: TestUser; client: ApiClient };
  const src: Record<string, number> = {};
  let items: Item[] = [];
  let bobItems: Item[] = [];
  /** What Alice has read. */
  const read = new Set<number>();
  const aliceItems = () => items;

  async function expectCountsMatchModel() {
    const res = await alice.client.get('/_api/news/unread-counts');
    expect(res.status).toBe(200);
    const bySource: Record<string, number> = {};
    for (const id of [src.a, src.b, src.c]) bySource[String(id)] = 0;
    for (const i of aliceItems()) if (!read.has(i.id)) bySource[String(i.sourceId)] += 1;
    const total = Object.values(bySource).reduce((a, b) => a + b, 0);
    expect(res.body).toEqual({ total, bySource });
    const unread = await alice.client.get('/_api/news/list?status=unread&pageSize=5');
    expect(unread.body.pagination.totalItems).toBe(total);
    const readList = await alice.client.get('/_api/news/list?status=read&pageSize=5');
    expect(readList.body.pagination.totalItems).toBe(items.length - total);
    // The first unread page is the model's newest unread items.
    const expected = aliceItems()
      .filter((i) => !read.has(i.id))
      .toSorted((x, y) => y.publishedAt - x.publishedAt || y.id - x.id)
      .slice(0, 5)
      .map((i) => String(i.id));
    expect(unread.body.items.map((i: { id: string }) => i.id)).toEqual(expected);
    expect(unread.body.items.every((i: { isRead: boolean }) => !i.isRead)).toBe(true);
    expect(readList.body.items.every((i: { isRead: boolean }) => i.isRead)).toBe(true);
  }

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    alice = await createSignedInUser(server, { displayName: 'Alice' });
    bob = await createSignedInUser(server, { displayName: 'Bob' });
    src.a = await createSource(server, { name: 'Source A', userId: null });
    src.b = await createSource(server, { name: 'Source B', userId: null });
    src.c = await createSource(server, { name: 'Alice Blog', userId: alice.user.id });
    src.bob = await createSource(server, { name: 'Bob Feed', userId: bob.user.id });
    // 10,000 items; publish times are shuffled against ids (stored out of order).
    items = [
      ...(await insertItems(server, src.a, 6000, (n) => T0 + ((n * 7919) % 6000) * 60_000)),
      ...(await insertItems(server, src.b, 3000, (n) => T0 + n * 90_000)),
      ...(await insertItems(server, src.c, 1000, (n) => T0 + ((n * 31) % 1000) * 120_000)),
    ];
    bobItems = await insertItems(server, src.bob, 5, (n) => T0 + n * DAY);
  }, 120_000);
  afterAll(() => server.close());

  it('refuses anonymous callers', async () => {
    const anon = server.client();
    expect((await anon.post('/_api/news/mark-read', { itemIds: [1], read: true })).status).toBe(
      401,
    );
    expect((await anon.get('/_api/news/unread-counts')).status).toBe(401);
    expect((await anon.post('/_api/news/save', { itemId: 1, saved: true })).status).toBe(401);
    expect((await anon.get('/_api/account/private-feeds')).status).toBe(401);
  });

  it('starts with everything unread and nothing saved', async () => {
    const res = await alice.client.get('/_api/news/list?pageSize=3');
    expect(res.body.items).toHaveLength(3);
    for (const item of res.body.items)
      expect(item).toMatchObject({ isRead: false, isSaved: false });
    await expectCountsMatchModel();
  });

  it('marks one and many items read and unread, with exact counts after each', async () => {
    const one = items[10];
    let res = await alice.client.post('/_api/news/mark-read', {
      itemIds: [String(one.id)],
      read: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ changed: 1 });
    read.add(one.id);
    await expectCountsMatchModel();

    const many = items.filter((_, n) => n % 7 === 0).slice(0, 1000);
    res = await alice.client.post('/_api/news/mark-read', {
      itemIds: many.map((i) => i.id),
      read: true,
    });
    expect(res.body.changed).toBe(many.filter((i) => !read.has(i.id)).length);
    for (const i of many) read.add(i.id);
    await expectCountsMatchModel();

    res = await alice.client.post('/_api/news/mark-read', {
      itemIds: many.slice(0, 100).map((i) => i.id),
      read: false,
    });
    expect(res.body.changed).toBe(100);
    for (const i of many.slice(0, 100)) read.delete(i.id);
    await expectCountsMatchModel();

    // Marking again changes nothing.
    res = await alice.client.post('/_api/news/mark-read', { itemIds: [one.id], read: true });
    expect(res.body.changed).toBe(0);
  });

  it("answers 404 for another user's item and for items that do not exist, and changes nothing", async () => {
    for (const body of [
      { itemIds: [bobItems[0].id], read: true },
      { itemIds: [items[0].id, bobItems[1].id], read: true },
      { itemIds: [99_999_999], read: true },
    ]) {
      const res = await alice.client.post('/_api/news/mark-read', body);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('News item not found');
    }
    expect(
      (await alice.client.post('/_api/news/save', { itemId: bobItems[0].id, saved: true })).status,
    ).toBe(404);
    expect(
      (await alice.client.post('/_api/news/mark-all-read', { before: bobItems[0].id })).status,
    ).toBe(404);
    expect(
      (await alice.client.post('/_api/news/mark-all-read', { sourceId: src.bob })).status,
    ).toBe(404);
    await expectCountsMatchModel();
    // Bob's own item is his to mark.
    expect(
      (await bob.client.post('/_api/news/mark-read', { itemIds: [bobItems[0].id], read: true }))
        .status,
    ).toBe(200);
  });

  it('refuses malformed bodies with a 400 and a message', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/_api/news/mark-read', { itemIds: [], read: true }, 'itemIds must not be empty'],
      ['/_api/news/mark-read', { itemIds: ['x'], read: true }, 'Item IDs must be numbers'],
      ['/_api/news/mark-read', { itemIds: [1] }, 'read must be true or false'],
      [
        '/_api/news/mark-read',
        { itemIds: Array.from({ length: 1001 }, (_, n) => n + 1), read: true },
        'At most 1000 items at a time',
      ],
      ['/_api/news/save', { itemId: 1, saved: 'yes' }, 'saved must be true or false'],
      ['/_api/news/mark-all-read', { sourceId: 'abc' }, 'Invalid source ID'],
    ];
    for (const [path, body, message] of cases) {
      const res = await alice.client.post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.text).toContain(message);
    }
    const bad = await alice.client.get('/_api/news/list?status=new');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Status must be unread, read or all');
  });

  it('saves and unsaves; saved=true lists only saved items', async () => {
    const picks = [items[3], items[6500], items[9500]];
    for (const i of picks) {
      const res = await alice.client.post('/_api/news/save', { itemId: String(i.id), saved: true });
      expect(res.body).toEqual({ itemId: String(i.id), isSaved: true });
    }
    let res = await alice.client.get('/_api/news/list?saved=true&pageSize=10');
    expect(res.body.pagination.totalItems).toBe(3);
    expect(
      res.body.items
        .map((i: { id: string }) => Number(i.id))
        .toSorted((x: number, y: number) => x - y),
    ).toEqual(picks.map((i) => i.id).toSorted((x, y) => x - y));
    expect(res.body.items.every((i: { isSaved: boolean }) => i.isSaved)).toBe(true);
    // Bob sees none of Alice's saved items.
    res = await bob.client.get('/_api/news/list?saved=true');
    expect(res.body.pagination.totalItems).toBe(0);
    await alice.client.post('/_api/news/save', { itemId: picks[2].id, saved: false });
    res = await alice.client.get('/_api/news/list?saved=true&pageSize=10');
    expect(res.body.pagination.totalItems).toBe(2);
    // Saving does not read; reading does not unsave.
    await expectCountsMatchModel();
    await alice.client.post('/_api/news/mark-read', { itemIds: [picks[0].id], read: true });
    read.add(picks[0].id);
    res = await alice.client.get('/_api/news/list?saved=true&status=unread&pageSize=10');
    expect(res.body.items.map((i: { id: string }) => Number(i.id))).toEqual([picks[1].id]);
    await expectCountsMatchModel();
  });

  it('marks everything older than an item read, stored out of order, and undoes it', async () => {
    const sorted = aliceItems().toSorted((x, y) => y.publishedAt - x.publishedAt || y.id - x.id);
    const pivot = sorted[2500];
    const snapshot = new Set(read);
    const before = aliceItems().filter((i) => !read.has(i.id)).length;
    const res = await alice.client.post('/_api/news/mark-all-read', { before: String(pivot.id) });
    expect(res.status).toBe(200);
    for (const i of aliceItems()) if (older(i, pivot)) read.add(i.id);
    expect(res.body.marked).toBe(before - aliceItems().filter((i) => !read.has(i.id)).length);
    await expectCountsMatchModel();
    // No row per read item: a watermark and a few exceptions.
    const rows = await server.db
      .selectFrom('reading_items')
      .where('user_id', '=', alice.user.id)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(rows.n).toBeLessThan(9000);

    const undo = await alice.client.post('/_api/news/mark-all-read/undo');
    expect(undo.body).toEqual({ restored: true });
    read.clear();
    for (const id of snapshot) read.add(id);
    await expectCountsMatchModel();
    expect((await alice.client.post('/_api/news/mark-all-read/undo')).body).toEqual({
      restored: false,
    });
  });

  it('marks one source read, then one source older than an item, then everything', async () => {
    let res = await alice.client.post('/_api/news/mark-all-read', { sourceId: src.b });
    expect(res.status).toBe(200);
    for (const i of aliceItems()) if (i.sourceId === src.b) read.add(i.id);
    await expectCountsMatchModel();

    const inA = aliceItems().filter((i) => i.sourceId === src.a);
    const pivot = inA[4000];
    res = await alice.client.post('/_api/news/mark-all-read', {
      sourceId: src.a,
      before: pivot.id,
    });
    for (const i of inA) if (older(i, pivot)) read.add(i.id);
    await expectCountsMatchModel();

    // An item below the watermark marked unread again, then everything.
    await alice.client.post('/_api/news/mark-read', { itemIds: [inA[0].id], read: false });
    read.delete(inA[0].id);
    await expectCountsMatchModel();
    res = await alice.client.post('/_api/news/mark-all-read', {});
    for (const i of aliceItems()) read.add(i.id);
    await expectCountsMatchModel();
    expect((await alice.client.get('/_api/news/unread-counts')).body.total).toBe(0);

    // New items arrive unread.
    const fresh = await insertItems(server, src.a, 3, (n) => T0 + n, 'new-');
    items.push(...fresh);
    await expectCountsMatchModel();
    // A few old items unread among thousands read: the unread list reads them
    // directly (reading/unread-page.ts); every page, by cursor, in feed order.
    const again = items.filter((_, n) => n % 331 === 5);
    await alice.client.post('/_api/news/mark-read', {
      itemIds: again.map((i) => i.id),
      read: false,
    });
    for (const i of again) read.delete(i.id);
    await expectCountsMatchModel();
    const walked: string[] = [];
    let cursor: string | null = null;
    for (let page = 1; page <= 10; page++) {
      const pageRes: ApiResponse = await alice.client.get(
        `/_api/news/list?status=unread&pageSize=7&page=${page}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      walked.push(...pageRes.body.items.map((i: { id: string }) => i.id));
      cursor = pageRes.body.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(walked).toEqual(
      items
        .filter((i) => !read.has(i.id))
        .toSorted((x, y) => y.publishedAt - x.publishedAt || y.id - x.id)
        .map((i) => String(i.id)),
    );
    // Bob's state is his own.
    const bobCounts = await bob.client.get('/_api/news/unread-counts');
    expect(bobCounts.body.bySource[String(src.a)]).toBe(6003);
  });

  it('keeps reading preferences per user, returned with the session user', async () => {
    let session = await alice.client.get('/_api/auth/session');
    expect(session.body.user).toMatchObject({ markReadPolicy: 'opened', keyboardShortcuts: true });
    const res = await alice.client.post('/_api/account/reading-preferences', {
      markReadPolicy: 'scrolled',
      keyboardShortcuts: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ markReadPolicy: 'scrolled', keyboardShortcuts: false });
    session = await alice.client.get('/_api/auth/session');
    expect(session.body.user).toMatchObject({
      markReadPolicy: 'scrolled',
      keyboardShortcuts: false,
    });
    const bad = await alice.client.post('/_api/account/reading-preferences', {
      markReadPolicy: 'sometimes',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Mark-read policy must be opened, scrolled or manual');
    expect((await bob.client.get('/_api/auth/session')).body.user.markReadPolicy).toBe('opened');
  });

  it('deleting a user deletes their state', async () => {
    const carol = await createSignedInUser(server);
    await carol.client.post('/_api/news/mark-read', { itemIds: [items[1].id], read: true });
    await carol.client.post('/_api/news/save', { itemId: items[2].id, saved: true });
    await carol.client.post('/_api/news/mark-all-read', { sourceId: src.b });
    await carol.client.post('/_api/account/private-feeds', { kind: 'saved' });
    await server.db.deleteFrom('users').where('id', '=', carol.user.id).execute();
    for (const table of [
      'reading_items',
      'reading_marks',
      'private_feeds',
      'reading_undo',
    ] as const) {
      const row = await server.db
        .selectFrom(table)
        .where('user_id', '=', carol.user.id)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(row.n, table).toBe(0);
    }
  });
});

describe.each(dialects)('saved items survive the purge (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { PURGE_AGE_DAYS: '30' } });
  });
  afterAll(() => server.close());

  it('keeps saved old items, says how many, and keeps counts exact', async () => {
    const admin = await createAdmin(server);
    const adminClient = await signIn(server, admin);
    const reader = await createSignedInUser(server);
    const source = await createSource(server, { name: 'Old News', userId: null });
    const now = Date.now();
    const old = await insertItems(server, source, 20, (n) => now - (40 + n) * DAY, 'old-');
    const fresh = await insertItems(server, source, 10, (n) => now - n * 60_000, 'fresh-');
    await reader.client.post('/_api/news/save', { itemId: old[0].id, saved: true });
    await reader.client.post('/_api/news/save', { itemId: old[1].id, saved: true });
    // Another user saving the same item keeps it once.
    const other = await createSignedInUser(server);
    await other.client.post('/_api/news/save', { itemId: old[0].id, saved: true });
    await reader.client.post('/_api/news/mark-read', {
      itemIds: [old[2].id, old[3].id, old[1].id, fresh[0].id],
      read: true,
    });

    const res = await adminClient.post('/_api/admin/purge-old-stories');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 18, savedKeptCount: 2 });

    const saved = await reader.client.get('/_api/news/list?saved=true');
    expect(
      saved.body.items
        .map((i: { id: string }) => Number(i.id))
        .toSorted((x: number, y: number) => x - y),
    ).toEqual([old[0].id, old[1].id].toSorted((x, y) => x - y));
    // Left: 10 fresh and 2 saved old ones; read among them: old[1] and fresh[0].
    const counts = await reader.client.get('/_api/news/unread-counts');
    expect(counts.body).toEqual({ total: 10, bySource: { [String(source)]: 10 } });
    const runs = await adminClient.get('/_api/admin/jobs');
    expect(JSON.stringify(runs.body)).toContain('savedKeptCount');
  });
});

// One story once (issue 29) through the API, on every dialect: the grouped list
// and its story {id, sourceCount}, group=false, a story's items, the Hot view,
// read state applying to the story, and "Not the same story".
// Items carry real SNAPI texts (test/fixtures/stories/) and are clustered by the
// server's own re-clustering.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsItem } from '../../src/shared/types';
import type { LabelledArticle } from '../../src/server/stories/measure';
import { recluster } from '../../src/server/stories/recluster';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createItem, createSignedInUser, createSource, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const articles = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/stories/articles.json'), 'utf8'),
) as LabelledArticle[];
const article = (id: string) => articles.find((a) => a.id === id)!;
const HOUR = 3_600_000;
const byNumber = (a: number, b: number) => a - b;

describe.each(dialects)('stories (%s)', (dialect) => {
  let server: TestServer;
  let alice: { user: TestUser; client: ApiClient };
  let bob: { user: TestUser; client: ApiClient };
  const now = Date.now();
  const t0 = now - 6 * HOUR;
  const src: Record<string, number> = {};
  const id: Record<string, number> = {};

  const list = async (who: { client: ApiClient }, query = '') => {
    const res = await who.client.get(`/_api/news/list?pageSize=100&${query}`);
    expect(res.status).toBe(200);
    return res.body as { items: NewsItem[]; pagination: { totalItems: number } };
  };
  const shown = async (who: { client: ApiClient }, query = '') =>
    (await list(who, query)).items.map((i) => Number(i.id));
  const item = (a: LabelledArticle, at: number) => ({
    title: a.title,
    summary: `<p>${a.summary}</p>`,
    summary_text: a.summary,
    url: a.url,
    published_at: at,
  });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    alice = await createSignedInUser(server);
    bob = await createSignedInUser(server);
    src.spaceNews = await createSource(server.db, { name: 'SpaceNews' });
    src.nasa = await createSource(server.db, { name: 'NASA' });
    src.esa = await createSource(server.db, { name: 'ESA', sourceType: 'youtube' });
    src.other = await createSource(server.db, { name: 'Other' });
    src.bobs = await createSource(server.db, { name: 'Bob’s', userId: bob.user.id });
    // Crew-12's launch from three sites (and Bob's own feed), and an unrelated story.
    id.spaceNews = await createItem(server.db, src.spaceNews, item(article('36227'), t0));
    id.nasa = await createItem(server.db, src.nasa, item(article('36234'), t0 + 2.7 * HOUR));
    id.esa = await createItem(server.db, src.esa, item(article('36229'), t0 + 0.1 * HOUR));
    id.other = await createItem(server.db, src.other, item(article('36236'), t0 + HOUR));
    id.bobs = await createItem(server.db, src.bobs, {
      ...item(article('36234'), t0 + 3 * HOUR),
      url: 'https://bob.example.test/crew-12',
    });
    // Two days ago: a story of its own, too old for the Hot view.
    id.oldA = await createItem(server.db, src.spaceNews, item(article('37718'), now - 50 * HOUR));
    id.oldB = await createItem(server.db, src.nasa, item(article('37719'), now - 49.5 * HOUR));
    await recluster(server.db, server.config, { from: now - 60 * HOUR, to: now });
  });
  afterAll(() => server.close());

  it('shows a story once, its primary with the count of the feed’s sources that carried it', async () => {
    const body = await list(alice);
    const ids = body.items.map((i) => Number(i.id));
    // NASA's report is the longest text of a publisher's feed: the primary.
    expect(ids).toContain(id.nasa);
    expect(ids).not.toContain(id.spaceNews);
    expect(ids).not.toContain(id.esa);
    expect(ids).toContain(id.other);
    const nasa = body.items.find((i) => Number(i.id) === id.nasa)!;
    // Bob's personal feed is not Alice's: three sources, not four.
    expect(nasa.story).toEqual({ id: String(id.spaceNews), sourceCount: 3 });
    expect(body.items.find((i) => Number(i.id) === id.other)!.story).toEqual({
      id: String(id.other),
      sourceCount: 1,
    });
    const bobs = await list(bob);
    expect(bobs.items.find((i) => Number(i.id) === id.nasa)!.story.sourceCount).toBe(4);
    expect(bobs.items.map((i) => Number(i.id))).not.toContain(id.bobs);
  });

  it('returns every item with group=false, and a story’s items (the caller’s only) with storyId', async () => {
    expect(await shown(alice, 'group=false')).toEqual(
      expect.arrayContaining([id.spaceNews, id.nasa, id.esa, id.other]),
    );
    const story = String(id.spaceNews);
    const mine = await shown(alice, `storyId=${story}`);
    expect(mine[0]).toBe(id.nasa);
    expect(mine.toSorted(byNumber)).toEqual([id.spaceNews, id.nasa, id.esa].toSorted(byNumber));
    expect((await shown(bob, `storyId=${story}`)).toSorted(byNumber)).toEqual(
      [id.spaceNews, id.nasa, id.esa, id.bobs].toSorted(byNumber),
    );
    // An item alone is a story of one; another user's item is nobody else's story.
    expect(await shown(alice, `storyId=${id.other}`)).toEqual([id.other]);
    expect(await shown(alice, `storyId=${id.bobs}`)).toEqual([]);
    const bad = await alice.client.get('/_api/news/list?storyId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Story ID must be a number');
  });

  it('picks the primary among the sources the reader has: switched off, or filtered', async () => {
    const off = await alice.client.post('/_api/news/sources/preferences', {
      sourceId: String(src.nasa),
      isEnabled: false,
    });
    expect(off.status).toBe(200);
    const body = await list(alice);
    // SpaceNews (a publisher's feed) before ESA's video channel.
    const primary = body.items.find((i) => i.story.id === String(id.spaceNews))!;
    expect(Number(primary.id)).toBe(id.spaceNews);
    expect(primary.story.sourceCount).toBe(2);
    await alice.client.post('/_api/news/sources/preferences', {
      sourceId: String(src.nasa),
      isEnabled: true,
    });
    expect(await shown(alice, `sourceIds[]=${src.esa}`)).toEqual([id.esa]);
  });

  it('groups a search, and counts stories', async () => {
    const grouped = await list(alice, 'searchTerm=crew');
    expect(grouped.items.map((i) => Number(i.id))).toEqual([id.nasa]);
    expect(grouped.pagination.totalItems).toBe(1);
    expect((await shown(alice, 'searchTerm=crew&group=false')).toSorted(byNumber)).toEqual(
      [id.spaceNews, id.nasa, id.esa].toSorted(byNumber),
    );
    // A word only a lesser member holds: that member stands for the story in the search.
    const lesser = await list(alice, 'searchTerm=kennedy');
    const esa = lesser.items.find((i) => Number(i.id) === id.esa);
    expect(esa?.story).toEqual({ id: String(id.spaceNews), sourceCount: 3 });
    expect(lesser.items.map((i) => Number(i.id))).not.toContain(id.nasa);
  });

  it('ranks the Hot view by distinct sources of the last day, with the count', async () => {
    const hot = await list(alice, 'view=hot');
    expect(hot.items.map((i) => [Number(i.id), i.story.sourceCount])).toEqual([[id.nasa, 3]]);
    expect(hot.pagination.totalItems).toBe(1);
    // The two-day-old story is a story (group=false shows both) but not hot.
    expect(await shown(alice, `storyId=${id.oldA}`)).toHaveLength(2);
    const bad = await alice.client.get('/_api/news/list?view=cold');
    expect(bad.status).toBe(400);
  });

  it('marks the story read with its primary; unreading one member leaves the others read', async () => {
    const res = await alice.client.post('/_api/news/mark-read', { itemIds: [id.nasa], read: true });
    expect(res.status).toBe(200);
    expect(res.body.changed).toBe(3);
    const all = await list(alice, 'group=false');
    const readOf = (n: number) => all.items.find((i) => Number(i.id) === n)!.isRead;
    expect([readOf(id.nasa), readOf(id.spaceNews), readOf(id.esa), readOf(id.other)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    // Bob's own copy is his to read.
    const bobs = await list(bob, 'group=false');
    expect(bobs.items.find((i) => Number(i.id) === id.bobs)!.isRead).toBe(false);
    expect(await shown(alice, 'status=unread')).not.toContain(id.nasa);

    await alice.client.post('/_api/news/mark-read', { itemIds: [id.spaceNews], read: false });
    const unread = await shown(alice, 'status=unread');
    expect(unread).toContain(id.spaceNews);
    expect(unread).not.toContain(id.esa);
    expect(unread).not.toContain(id.nasa);
  });

  it('splits an item off its story for good with “Not the same story”', async () => {
    const res = await alice.client.post('/_api/stories/split', { itemId: String(id.esa) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ itemId: String(id.esa), storyId: String(id.esa) });
    const body = await list(alice);
    expect(body.items.find((i) => Number(i.id) === id.esa)!.story).toEqual({
      id: String(id.esa),
      sourceCount: 1,
    });
    expect(body.items.find((i) => Number(i.id) === id.nasa)!.story.sourceCount).toBe(2);

    // Re-clustering keeps the split; splitting again says there is nothing to split.
    await recluster(server.db, server.config, { from: now - 60 * HOUR, to: now });
    expect(await shown(alice, `storyId=${id.esa}`)).toEqual([id.esa]);
    const again = await alice.client.post('/_api/stories/split', { itemId: id.esa });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This item is not grouped with other sources');
  });

  it('refuses what a reader may not split, and bad bodies, changing nothing', async () => {
    const before = await server.db.selectFrom('story_members').selectAll().execute();
    const hidden = await alice.client.post('/_api/stories/split', { itemId: id.bobs });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe('News item not found');
    const missing = await alice.client.post('/_api/stories/split', { itemId: 999_999_999 });
    expect(missing.status).toBe(404);
    const bad = await alice.client.post('/_api/stories/split', { itemId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid item ID');
    const anonymous = await server.client().post('/_api/stories/split', { itemId: id.nasa });
    expect(anonymous.status).toBe(401);
    expect(await server.db.selectFrom('story_members').selectAll().execute()).toEqual(before);
  });
});

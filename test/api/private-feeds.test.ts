// Private Atom feeds (issue 25): created and revoked on the account, read without
// a cookie, parsed here with the project's own feed parser (ingest).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeedDocument, parseFeedText } from '../../src/server/ingest/fetchers/feed-parse';
import { hashToken } from '../../src/server/reading/private-feeds';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createSignedInUser, createSource, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const DAY = 24 * 60 * 60 * 1000;

async function insertItem(
  server: TestServer,
  sourceId: number,
  n: number,
  publishedAt: number,
  fields: { title?: string; content?: string | null; itemType?: string } = {},
) {
  const row = await server.db
    .insertInto('news_items')
    .values({
      source_id: sourceId,
      dedupe_key: `item-${sourceId}-${n}`,
      url: `https://example.test/${sourceId}/items/${n}?a=1&b=2`,
      title: fields.title ?? `Story ${n}`,
      summary: `<p>Summary ${n}</p>`,
      summary_text: `Summary ${n}`,
      content: fields.content ?? null,
      content_text: null,
      image_url: null,
      author: null,
      published_at: publishedAt,
      fetched_at: publishedAt,
      updated_at: publishedAt,
      item_type: fields.itemType ?? 'article',
      is_breaking: 0,
      engagement_score: 0,
      extra: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The fetchers hand titles over as HTML (a text title escaped). */
const titlesOf = (items: Array<{ title?: string | null }>) => items.map((i) => i.title);
const JUPITER = 'Jupiter &amp; &lt;Io&gt;';

/** A feed reader: no cookie, the URL only. */
const fetchFeed = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

describe.each(dialects)('private Atom feeds (%s)', (dialect) => {
  let server: TestServer;
  let alice: { user: TestUser; client: ApiClient };
  let bob: { user: TestUser; client: ApiClient };
  const src: Record<string, number> = {};
  const ids: Record<string, number> = {};
  const now = Date.now();

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    alice = await createSignedInUser(server, { displayName: 'Alice' });
    bob = await createSignedInUser(server, { displayName: 'Bob' });
    src.news = await createSource(server, { name: 'Space News', userId: null });
    src.briefings = await createSource(server, { name: 'AI Briefings', userId: null, built_in: 1 });
    src.bob = await createSource(server, { name: 'Bob Feed', userId: bob.user.id });
    ids.rich = await insertItem(server, src.news, 1, now - 60_000, {
      title: 'Jupiter & <Io>',
      content: '<p>Io <b>erupts</b> &amp; glows</p>',
    });
    ids.video = await insertItem(server, src.news, 2, now - 120_000, { itemType: 'video' });
    ids.old = await insertItem(server, src.news, 3, now - 10 * DAY);
    ids.briefing = await insertItem(server, src.briefings, 4, now - 3600_000, {
      title: 'Morning Briefing',
      content: '<h2>Today</h2><p>Launches.</p>',
    });
    ids.bob = await insertItem(server, src.bob, 5, now - 1000);
    for (let n = 0; n < 450; n++) await insertItem(server, src.news, 100 + n, now - DAY - n * 1000);
  }, 120_000);
  afterAll(() => server.close());

  const create = async (client: ApiClient, body: unknown) => {
    const res = await client.post('/_api/account/private-feeds', body);
    expect(res.status).toBe(200);
    return res.body as { id: number; url: string };
  };

  it('serves the saved stories as valid Atom with full content, without a cookie', async () => {
    await alice.client.post('/_api/news/save', { itemId: ids.rich, saved: true });
    await alice.client.post('/_api/news/save', { itemId: ids.briefing, saved: true });
    const feed = await create(alice.client, { kind: 'saved' });
    expect(feed.url).toMatch(new RegExp(`^${server.url}/feeds/[A-Za-z0-9_-]{43}\\.atom$`));
    const res = await fetchFeed(feed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const text = await res.text();
    expect(parseFeedDocument(text).format).toBe('atom');
    const parsed = parseFeedText(text, feed.url);
    expect(parsed.title).toBe('AstroDash: Saved stories');
    expect(titlesOf(parsed.items)).toEqual(['Morning Briefing', JUPITER]);
    const rich = parsed.items[1];
    expect(rich.url).toBe(`https://example.test/${src.news}/items/1?a=1&b=2`);
    expect(rich.contentHtml).toBe('<p>Io <b>erupts</b> &amp; glows</p>');
    expect(rich.summaryHtml).toBe('Summary 1');
  });

  it('stores only the hash of the token, which is at least 128 bits', async () => {
    const feed = await create(alice.client, { kind: 'briefings' });
    const token = /\/feeds\/([^/]+)\.atom$/.exec(feed.url)![1];
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    const row = await server.db
      .selectFrom('private_feeds')
      .where('id', '=', feed.id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const parsed = parseFeedText(await (await fetchFeed(feed.url)).text(), feed.url);
    expect(titlesOf(parsed.items)).toEqual(['Morning Briefing']);
  });

  it('answers If-None-Match with 304 and a changed feed with a new ETag', async () => {
    const feed = await create(alice.client, { kind: 'saved' });
    const first = await fetchFeed(feed.url);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetchFeed(feed.url, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await alice.client.post('/_api/news/save', { itemId: ids.video, saved: true });
    const changed = await fetchFeed(feed.url, { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('applies a filtered feed, 7 days and 400 entries by default', async () => {
    const feed = await create(alice.client, {
      kind: 'filtered',
      filters: { sourceIds: [String(src.news), String(src.bob)] },
    });
    let parsed = parseFeedText(await (await fetchFeed(feed.url)).text(), feed.url);
    expect(parsed.items).toHaveLength(400);
    const titles = titlesOf(parsed.items);
    expect(titles.slice(0, 2)).toEqual([JUPITER, 'Story 2']);
    // Bob's source is not Alice's to read; a 10-day-old story is outside the window.
    expect(titles).not.toContain('Story 5');
    expect(titles).not.toContain('Story 3');
    const video = await create(alice.client, { kind: 'filtered', filters: { itemType: 'video' } });
    parsed = parseFeedText(await (await fetchFeed(video.url)).text(), video.url);
    expect(titlesOf(parsed.items)).toEqual(['Story 2']);
    const wider = await fetchFeed(`${feed.url}?days=30&limit=5`);
    expect(parseFeedText(await wider.text(), feed.url).items).toHaveLength(5);
    const bad = await fetchFeed(`${feed.url}?limit=401`);
    expect(bad.status).toBe(400);
  });

  it('lists, revokes (then 404) and keeps feeds to their owner', async () => {
    const feed = await create(alice.client, { kind: 'saved' });
    const list = await alice.client.get('/_api/account/private-feeds');
    expect(list.body.feeds.map((f: { id: number }) => f.id)).toContain(feed.id);
    expect(JSON.stringify(list.body)).not.toContain(feed.url.split('/feeds/')[1]);
    expect((await bob.client.get('/_api/account/private-feeds')).body.feeds).toEqual([]);
    const stolen = await bob.client.post('/_api/account/private-feeds/delete', { id: feed.id });
    expect(stolen.status).toBe(404);
    expect((await fetchFeed(feed.url)).status).toBe(200);
    const revoked = await alice.client.post('/_api/account/private-feeds/delete', { id: feed.id });
    expect(revoked.status).toBe(200);
    expect((await fetchFeed(feed.url)).status).toBe(404);
    expect((await fetchFeed(`${server.url}/feeds/not-a-token.atom`)).status).toBe(404);
    const bad = await alice.client.post('/_api/account/private-feeds', { kind: 'everything' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Kind must be saved, briefings or filtered');
  });

  it('stops serving the feeds of a disabled account', async () => {
    const feed = await create(bob.client, { kind: 'saved' });
    expect((await fetchFeed(feed.url)).status).toBe(200);
    await server.db
      .updateTable('users')
      .set({ is_disabled: 1 })
      .where('id', '=', bob.user.id)
      .execute();
    expect((await fetchFeed(feed.url)).status).toBe(404);
  });
});

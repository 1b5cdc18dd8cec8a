// The Google Reader API (issue 26) through real HTTP: subscriptions and labels
// over the Sources tab's rules, id streams with every parameter, contents in
// every item-id form, edits in both directions, conditional answers, errors in
// the API's own format, and the Atom output older clients read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeedDocument, parseFeedText } from '../../src/server/ingest/fetchers/feed-parse';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createItems, createSignedInUser, createSource, type TestUser } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { GReader, longId, newApiPassword } from '../helpers/sync';

const MINUTE = 60_000;
const READ = 'user/-/state/com.google/read';
const STARRED = 'user/-/state/com.google/starred';
const READING_LIST = 'user/-/state/com.google/reading-list';
const refs = (body: { itemRefs: Array<{ id: string }> }) => body.itemRefs.map((r) => Number(r.id));

describe.each(dialects)('Google Reader API (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let alice: { user: TestUser; client: ApiClient };
  let bob: { user: TestUser; client: ApiClient };
  let reader: GReader;
  const src: Record<string, number> = {};
  let news: number[] = [];
  let launches: number[] = [];
  let briefing: number[] = [];
  let bobs: number[] = [];
  const t0 = Date.now() - 48 * 60 * MINUTE;

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures.route('/nasa.xml', { file: 'rss2-nasa-breaking-news-legacy.xml' });
    server = await startTestServer({ dialect });
    alice = await createSignedInUser(server);
    bob = await createSignedInUser(server);
    src.news = await createSource(server, { name: 'Space News' });
    src.launches = await createSource(server, {
      name: 'Launch Schedule',
      sourceType: 'rocket_launch',
      url: 'https://ll.thespacedevs.com/2.2.0/launch/upcoming/',
    });
    src.briefings = await createSource(server, { name: 'AI Briefings', built_in: 1 });
    src.quiet = await createSource(server, { name: 'Quiet' });
    src.blog = await createSource(server, { name: 'Alice Blog', userId: alice.user.id });
    src.bob = await createSource(server, { name: 'Bob Feed', userId: bob.user.id });
    // Ten stories a minute apart (fetched and published), oldest first.
    const at = (k: number) => ({ fetched_at: t0 + k * MINUTE, published_at: t0 + k * MINUTE });
    news = await createItems(
      server,
      src.news,
      Array.from({ length: 10 }, (_, k) => ({
        ...at(k),
        title: `Story ${k} & <more>`,
        content: `<p>Story <b>${k}</b></p>`,
        author: 'Ada',
      })),
    );
    launches = await createItems(server, src.launches, [at(20), at(21)]);
    briefing = await createItems(server, src.briefings, [at(30)]);
    bobs = await createItems(server, src.bob, [at(40)]);
    await createItems(server, src.quiet, [at(50)]);
    await alice.client.post('/_api/news/sources/preferences', {
      sourceId: String(src.quiet),
      isEnabled: false,
    });
    const { password } = await newApiPassword(alice.client, 'Reader');
    reader = await GReader.login(server.url, alice.user.email, password);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await fixtures.close();
  });

  it('tells the user who they are and hands out a 57-character edit token', async () => {
    const info = await reader.get('user-info', [['output', 'json']]);
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({ userId: String(alice.user.id), userEmail: alice.user.email });
    expect(await reader.token()).toMatch(/^[0-9a-f]{57}$/);
  });

  it('lists the feed as subscriptions with built-in labels, and answers 304 when unchanged', async () => {
    const list = await reader.get('subscription/list', [['output', 'json']]);
    expect(list.status).toBe(200);
    const byTitle = Object.fromEntries(
      list.json.subscriptions.map((s: { title: string }) => [s.title, s]),
    );
    expect(Object.keys(byTitle).toSorted()).toEqual([
      'AI Briefings',
      'Alice Blog',
      'Launch Schedule',
      'Space News',
    ]);
    expect(byTitle['Launch Schedule'].categories).toEqual([
      { id: 'user/-/label/Launches', label: 'Launches', type: 'folder' },
    ]);
    expect(byTitle['AI Briefings'].categories[0].id).toBe('user/-/label/AI Briefings');
    expect(byTitle['Space News']).toMatchObject({ id: `feed/${src.news}`, categories: [] });
    const etag = list.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await reader.get('subscription/list', [['output', 'json']], {
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('puts a default source in a folder (a label), renames and removes the label', async () => {
    const T = await reader.token();
    const tags = await reader.get('tag/list', [['output', 'json']]);
    const etag = tags.headers.get('etag')!;
    const moved = await reader.post('subscription/edit', [
      ['T', T],
      ['ac', 'edit'],
      ['s', `feed/${src.news}`],
      ['a', 'user/-/label/Space'],
    ]);
    expect(moved.status).toBe(200);
    expect(moved.text).toBe('OK');
    const web = await alice.client.get('/_api/news/sources');
    expect(web.body.sources.find((s: { id: string }) => s.id === String(src.news)).folder).toBe(
      'Space',
    );
    const changed = await reader.get('tag/list', [['output', 'json']], { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.json.tags).toEqual([
      { id: STARRED },
      { id: 'user/-/label/AI Briefings', label: 'AI Briefings', type: 'folder' },
      { id: 'user/-/label/Launches', label: 'Launches', type: 'folder' },
      { id: 'user/-/label/Space', label: 'Space', type: 'folder' },
    ]);
    const renamed = await reader.post('rename-tag', [
      ['T', T],
      ['s', 'user/-/label/Space'],
      ['dest', 'user/-/label/Cosmos'],
    ]);
    expect(renamed.text).toBe('OK');
    const sub = (await reader.get('subscription/list')).json.subscriptions.find(
      (s: { id: string }) => s.id === `feed/${src.news}`,
    );
    expect(sub.categories).toEqual([
      { id: 'user/-/label/Cosmos', label: 'Cosmos', type: 'folder' },
    ]);
    const builtIn = await reader.post('rename-tag', [
      ['s', 'user/-/label/Launches'],
      ['dest', 'user/-/label/Rockets'],
    ]);
    expect(builtIn.status).toBe(400);
    expect(builtIn.text).toBe(
      'Error=BadRequest\nInfo=Built-in labels (Launches, AI Briefings) cannot be changed\n',
    );
    expect((await reader.post('disable-tag', [['s', 'user/-/label/Cosmos']])).text).toBe('OK');
    const after = (await reader.get('tag/list')).json.tags.map((t: { id: string }) => t.id);
    expect(after).not.toContain('user/-/label/Cosmos');
    // Bob's folders are his own: the same label name means nothing for him.
    const bobTags = await bob.client.get('/_api/news/sources');
    expect(bobTags.body.sources.every((s: { folder?: string }) => s.folder === undefined)).toBe(
      true,
    );
  });

  it('manages personal sources by the Sources tab rules; default ones cannot be removed or renamed', async () => {
    const rename = await reader.post('subscription/edit', [
      ['ac', 'edit'],
      ['s', `feed/${src.news}`],
      ['t', 'Renamed'],
    ]);
    expect(rename.status).toBe(403);
    expect(rename.text).toBe(
      'Error=Forbidden\nInfo=Default sources can only be switched on or off.\n',
    );
  });

  it('subscribes by URL (quickadd) with the feed’s own title, and refuses a duplicate', async () => {
    const url = `${fixtures.url}/nasa.xml`;
    const added = await reader.post('subscription/quickadd', [['quickadd', url]]);
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ numResults: 1, query: url, streamName: expect.any(String) });
    const id = Number(added.json.streamId.replace('feed/', ''));
    const row = await server.db
      .selectFrom('news_sources')
      .where('id', '=', id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: alice.user.id, source_type: 'rss', url });
    expect(row.name).toBe(added.json.streamName);
    const again = await reader.post('subscription/quickadd', [['quickadd', `feed/${url}`]]);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      numResults: 0,
      query: `feed/${url}`,
      error: 'You already have this source.',
    });
    const bad = await reader.post('subscription/quickadd', [['quickadd', 'not a url']]);
    expect(bad.status).toBe(400);
    const gone = await reader.post('subscription/edit', [
      ['ac', 'unsubscribe'],
      ['s', `feed/${id}`],
    ]);
    expect(gone.text).toBe('OK');
    expect(
      await server.db
        .selectFrom('news_sources')
        .where('id', '=', id)
        .select('id')
        .executeTakeFirst(),
    ).toBeUndefined();
    const keep = await reader.post('subscription/edit', [
      ['ac', 'unsubscribe'],
      ['s', `feed/${src.news}`],
    ]);
    expect(keep.status).toBe(403);
  });

  it('pages the reading list newest first with n and c, oldest first with r=o, within ot and nt', async () => {
    const all = [...news, ...launches, ...briefing].toReversed();
    const seen: number[] = [];
    let c: string | undefined;
    do {
      const page = await reader.get('stream/items/ids', [
        ['s', READING_LIST],
        ['n', '4'],
        ...(c ? [['c', c] as [string, string]] : []),
      ]);
      expect(page.status).toBe(200);
      seen.push(...refs(page.json));
      c = page.json.continuation;
    } while (c);
    expect(seen).toEqual(all);
    const oldest = await reader.get('stream/items/ids', [
      ['s', READING_LIST],
      ['r', 'o'],
      ['n', '3'],
    ]);
    expect(refs(oldest.json)).toEqual(news.slice(0, 3));
    const window = await reader.get('stream/items/ids', [
      ['s', READING_LIST],
      ['n', '100'],
      ['ot', String(Math.floor((t0 + 5 * MINUTE) / 1000))],
      ['nt', String(Math.floor((t0 + 21 * MINUTE) / 1000))],
    ]);
    expect(refs(window.json)).toEqual([launches[0], ...news.slice(5).toReversed()]);
    const bad = await reader.get('stream/items/ids', [
      ['s', READING_LIST],
      ['c', 'nonsense'],
    ]);
    expect(bad.status).toBe(400);
  });

  it('reads each item in every id form, never another user’s, with its state and labels', async () => {
    const id = news[3];
    const forms = [
      longId(id),
      `tag:google.com,2005:reader/item/${id.toString(16)}`,
      id.toString(16).padStart(16, '0'),
      String(id),
    ];
    for (const form of forms) {
      const res = await reader.post('stream/items/contents', [
        ['output', 'json'],
        ['i', form],
        ['i', String(bobs[0])],
      ]);
      expect(res.status).toBe(200);
      expect(res.json.items).toHaveLength(1);
      expect(res.json.items[0]).toMatchObject({
        id: longId(id),
        title: 'Story 3 & <more>',
        author: 'Ada',
        published: Math.floor((t0 + 3 * MINUTE) / 1000),
        crawlTimeMsec: String(t0 + 3 * MINUTE),
        summary: { content: '<p>Story <b>3</b></p>' },
        content: { content: '<p>Story <b>3</b></p>' },
        origin: { streamId: `feed/${src.news}`, title: 'Space News' },
        categories: [READING_LIST],
      });
    }
    const bad = await reader.post('stream/items/contents', [['i', 'tag:google.com,2005:x']]);
    expect(bad.status).toBe(400);
    // Past any row id (32-bit on PostgreSQL): a clear 400, not a database error.
    expect((await reader.post('stream/items/contents', [['i', '99999999999']])).status).toBe(400);
  });

  it('keeps read and saved state in step both ways (edit-tag, the web app, id streams)', async () => {
    const T = await reader.token();
    const marked = await reader.post('edit-tag', [
      ['T', T],
      ['i', longId(news[0])],
      ['i', String(news[1])],
      ['i', String(bobs[0])], // not hers: passed over
      ['a', READ],
    ]);
    expect(marked.text).toBe('OK');
    const list = await alice.client.get(`/_api/news/list?sourceIds=${src.news}&status=read`);
    expect(list.body.items.map((i: { id: string }) => Number(i.id)).toSorted()).toEqual(
      news.slice(0, 2),
    );
    // The web app marks one more read and saves one.
    await alice.client.post('/_api/news/mark-read', { itemIds: [news[2]], read: true });
    await alice.client.post('/_api/news/save', { itemId: news[5], saved: true });
    const unread = await reader.get('stream/items/ids', [
      ['s', `feed/${src.news}`],
      ['xt', READ],
      ['n', '100'],
    ]);
    expect(refs(unread.json)).toEqual(news.slice(3).toReversed());
    const starred = await reader.get('stream/items/ids', [['s', STARRED]]);
    expect(refs(starred.json)).toEqual([news[5]]);
    const contents = await reader.post('stream/items/contents', [['i', String(news[5])]]);
    expect(contents.json.items[0].categories).toEqual([READING_LIST, STARRED]);
    // Unread again (newsboat's way), starred off; kept-unread reads as unread.
    await reader.post('edit-tag', [
      ['i', String(news[0])],
      ['r', READ],
      ['a', 'user/-/state/com.google/kept-unread'],
      ['a', 'user/-/state/com.google/tracking-kept-unread'],
    ]);
    await reader.post('edit-tag', [
      ['i', String(news[5])],
      ['r', STARRED],
    ]);
    const saved = await alice.client.get('/_api/news/list?saved=true');
    expect(saved.body.items).toEqual([]);
    const read = await reader.get('stream/items/ids', [
      ['s', READ],
      ['n', '100'],
    ]);
    expect(refs(read.json)).toEqual([news[2], news[1]]);
    expect(
      (
        await reader.post('edit-tag', [
          ['i', String(news[0])],
          ['a', 'user/-/label/X'],
        ])
      ).status,
    ).toBe(400);
    const stale = await reader.post('edit-tag', [
      ['T', 'f'.repeat(57)],
      ['i', String(news[0])],
      ['a', READ],
    ]);
    expect(stale.status).toBe(401);
    expect(stale.headers.get('x-reader-google-bad-token')).toBe('true');
  });

  it('pages unread ids from one snapshot; the next first page reads afresh', async () => {
    const query: Array<[string, string]> = [
      ['s', `feed/${src.news}`],
      ['xt', READ],
    ];
    const first = await reader.get('stream/items/ids', [...query, ['n', '3']]);
    const page1 = refs(first.json);
    expect(page1).toHaveLength(3);
    // Marked read on the web between two pages: the pages stay one consistent list…
    const rest = refs((await reader.get('stream/items/ids', [...query, ['n', '100']])).json).slice(
      3,
    );
    await alice.client.post('/_api/news/mark-read', { itemIds: [rest[0]], read: true });
    const page2 = await reader.get('stream/items/ids', [...query, ['c', first.json.continuation]]);
    expect(refs(page2.json)[0]).toBe(rest[0]);
    // …and the next sync sees the change.
    const again = await reader.get('stream/items/ids', [...query, ['n', '100']]);
    expect(refs(again.json)).not.toContain(rest[0]);
    await alice.client.post('/_api/news/mark-read', { itemIds: [rest[0]], read: false });
  });

  it('takes 1,000 ids in one edit-tag, from an app (no same-origin rule on these paths)', async () => {
    const many: Array<[string, string]> = news.map((id) => ['i', longId(id)]);
    while (many.length < 1000) many.push(['i', longId(999_000 + many.length)]);
    const res = await reader.post('edit-tag', [...many, ['a', STARRED]], {
      origin: 'https://elsewhere.example',
    });
    expect(res.status).toBe(200);
    expect(
      refs(
        (
          await reader.get('stream/items/ids', [
            ['s', STARRED],
            ['n', '100'],
          ])
        ).json,
      ),
    ).toHaveLength(news.length);
    await reader.post('edit-tag', [...many, ['r', STARRED]]);
    expect((await reader.post('edit-tag', [...many, ['i', '1'], ['a', STARRED]])).status).toBe(400);
    // Any other path keeps the rule: a cross-site POST is refused before it is routed anywhere.
    const other = await fetch(`${server.url}/api/elsewhere`, {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(other.status).toBe(403);
  });

  it('answers an unchanged id stream with 304, and a changed one with the new ids', async () => {
    const query: Array<[string, string]> = [
      ['s', READING_LIST],
      ['xt', READ],
      ['n', '1000'],
    ];
    const first = await reader.get('stream/items/ids', query);
    const etag = first.headers.get('etag')!;
    expect((await reader.get('stream/items/ids', query, { 'if-none-match': etag })).status).toBe(
      304,
    );
    await reader.post('edit-tag', [
      ['i', String(news[9])],
      ['a', READ],
    ]);
    const changed = await reader.get('stream/items/ids', query, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(refs(changed.json)).not.toContain(news[9]);
  });

  it('marks a feed read up to a time (ts, microseconds), leaving what came later unread', async () => {
    const ts = (t0 + 6 * MINUTE) * 1000;
    const res = await reader.post('mark-all-as-read', [
      ['s', `feed/${src.news}`],
      ['ts', String(ts)],
    ]);
    expect(res.text).toBe('OK');
    const unread = await reader.get('stream/items/ids', [
      ['s', `feed/${src.news}`],
      ['xt', READ],
      ['n', '100'],
    ]);
    expect(refs(unread.json)).toEqual([news[8], news[7]]);
    const counts = await reader.get('unread-count', [['output', 'json']]);
    const byId = Object.fromEntries(
      counts.json.unreadcounts.map((c: { id: string; count: number }) => [c.id, c.count]),
    );
    expect(byId[`feed/${src.news}`]).toBe(2);
    expect(byId['user/-/label/Launches']).toBe(2);
    expect(byId[READING_LIST]).toBe(counts.json.max);
    expect(counts.json.max).toBe(2 + 2 + 1);
  });

  it('never marks read, by time, an item that arrived after that time, whatever its id', async () => {
    const odd = await createSource(server, { name: 'Odd Order', userId: alice.user.id });
    // Stored out of order: the lower id arrived later.
    const [late, early] = await createItems(server, odd, [
      { fetched_at: t0 + 100 * MINUTE },
      { fetched_at: t0 + 90 * MINUTE },
    ]);
    await reader.post('mark-all-as-read', [
      ['s', `feed/${odd}`],
      ['ts', String((t0 + 95 * MINUTE) * 1000)],
    ]);
    const unread = await reader.get('stream/items/ids', [
      ['s', `feed/${odd}`],
      ['xt', READ],
    ]);
    expect(refs(unread.json)).toContain(late);
    expect(refs(unread.json)).toContain(early); // left unread rather than guessed
    await reader.post('mark-all-as-read', [['s', `feed/${odd}`]]);
    const none = await reader.get('stream/items/ids', [
      ['s', `feed/${odd}`],
      ['xt', READ],
    ]);
    expect(none.json.itemRefs).toEqual([]);
    await reader.post('subscription/edit', [
      ['ac', 'unsubscribe'],
      ['s', `feed/${odd}`],
    ]);
  });

  it('serves a stream with its contents (stream/contents) by label', async () => {
    const res = await reader.get(`stream/contents/${encodeURIComponent('user/-/label/Launches')}`, [
      ['n', '1'],
    ]);
    expect(res.status).toBe(200);
    expect(res.json.items.map((i: { id: string }) => i.id)).toEqual([longId(launches[1])]);
    const next = await reader.get('stream/contents/user/-/label/Launches', [
      ['n', '1'],
      ['c', res.json.continuation],
    ]);
    expect(next.json.items.map((i: { id: string }) => i.id)).toEqual([longId(launches[0])]);
    expect(next.json.items[0].categories).toContain('user/-/label/Launches');
  });

  it('answers in its own format: unknown endpoints an empty list, bad calls a clear error', async () => {
    const unknown = await reader.get('preference/stream/list');
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual([]);
    expect((await reader.get('/nothing/here')).status).toBe(404);
    const anonymous = await fetch(`${server.url}/api/greader/reader/api/0/tag/list`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toMatch(/^Error=BadAuthentication\n/);
    const get = await reader.get('edit-tag');
    expect(get.status).toBe(405);
    expect((await reader.get('stream/items/ids', [['s', `feed/${src.bob}`]])).status).toBe(404);
    expect((await reader.get('stream/items/ids', [['s', 'user/-/label/Nope']])).status).toBe(404);
    expect((await reader.get('stream/items/ids', [['s', 'bogus']])).text).toBe(
      'Error=BadRequest\nInfo=Unknown stream\n',
    );
    expect((await reader.get('tag/list', [['output', 'xml']])).status).toBe(400);
  });

  it('serves a feed as Google Reader Atom with state categories and a continuation', async () => {
    const res = await reader.get(`/reader/atom/${encodeURIComponent(`feed/${src.news}`)}`, [
      ['n', '3'],
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(parseFeedDocument(res.text).format).toBe('atom');
    const parsed = parseFeedText(res.text, server.url);
    expect(parsed.title).toBe('Space News');
    expect(parsed.items.map((i) => i.guid)).toEqual([
      longId(news[9]),
      longId(news[8]),
      longId(news[7]),
    ]);
    expect(res.text).toContain(
      `<category term="user/-/state/com.google/read" scheme="http://www.google.com/reader/" label="read"/>`,
    );
    expect(res.text).toContain('label="fresh"/>');
    const c = /<gr:continuation>([^<]+)<\/gr:continuation>/.exec(res.text)?.[1];
    const next = await reader.get(`/reader/atom/feed/${src.news}`, [
      ['n', '3'],
      ['c', c!],
      ['xt', READ],
    ]);
    expect(parseFeedText(next.text, server.url).items.map((i) => i.guid)).toEqual([]);
  });
});

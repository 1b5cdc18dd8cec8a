// The Fever API (issue 26): a client session replayed in the order Fever apps
// (Reeder, Fiery Feeds, Unread) make their calls: the key check, groups, feeds,
// favicons, the unread and saved ids, items paged by since_id and max_id and
// fetched by with_ids, marks, and hot links computed from shared story URLs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { recluster } from '../../src/server/stories/recluster';
import { dialects } from '../helpers/database';
import { createItems, createSignedInUser, createSource, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { Fever, feverKey, newApiPassword } from '../helpers/sync';

const MINUTE = 60_000;
const ids = (list: string) => (list ? list.split(',').map(Number) : []);

describe.each(dialects)('Fever API (%s)', (dialect) => {
  let server: TestServer;
  let alice: { user: TestUser; client: ApiClient };
  let fever: Fever;
  const src: Record<string, number> = {};
  let space: number[] = [];
  let orbit: number[] = [];
  let launch: number[] = [];
  const now = Date.now();

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    alice = await createSignedInUser(server);
    const bob = await createSignedInUser(server);
    src.space = await createSource(server, { name: 'Space News', last_fetched_at: now - MINUTE });
    src.orbit = await createSource(server, { name: 'Orbit Daily' });
    src.launches = await createSource(server, {
      name: 'Launch Schedule',
      sourceType: 'rocket_launch',
      url: 'https://ll.thespacedevs.com/2.2.0/launch/upcoming/',
    });
    src.bob = await createSource(server, { name: 'Bob Feed', userId: bob.user.id });
    const at = (k: number) => ({
      fetched_at: now - (100 - k) * MINUTE,
      published_at: now - (100 - k) * MINUTE,
    });
    // 60 stories in Space News; two of their URLs are carried by Orbit Daily too.
    space = await createItems(
      server,
      src.space,
      Array.from({ length: 60 }, (_, k) => ({ ...at(k), url: `https://stories.test/${k}` })),
    );
    orbit = await createItems(server, src.orbit, [
      { ...at(70), url: 'https://stories.test/7', title: 'Seven, again' },
      { ...at(71), url: 'https://stories.test/8' },
      { ...at(72), url: 'https://orbit.test/own' },
    ]);
    launch = await createItems(server, src.launches, [at(80)]);
    // Bob's copy of a story counts for Bob only.
    await createItems(server, src.bob, [{ ...at(90), url: 'https://stories.test/7' }]);
    // Stories are clustered at ingestion; these items were stored directly, so cluster them here.
    await recluster(server.db, server.config, { from: now - 200 * MINUTE, to: now });
    await alice.client.post('/_api/news/sources/folder', {
      sourceId: String(src.space),
      folder: 'Space',
    });
    const { password } = await newApiPassword(alice.client, 'Reeder');
    fever = new Fever(server.url, feverKey(alice.user.email, password));
  }, 120_000);
  afterAll(() => server.close());

  it('answers auth 0 to a wrong key and auth 1 with the last refresh to the right one', async () => {
    const wrong = await new Fever(server.url, feverKey(alice.user.email, 'nope')).call('');
    expect(wrong.status).toBe(200);
    expect(wrong.json).toEqual({ api_version: 3, auth: 0 });
    const res = await fever.call('');
    expect(res.json).toEqual({
      api_version: 3,
      auth: 1,
      last_refreshed_on_time: Math.floor((now - MINUTE) / 1000),
    });
    // The key in the query string works too, as some clients send it.
    const get = await fetch(`${server.url}/api/fever?api&api_key=${fever.apiKey.toUpperCase()}`);
    expect((await get.json()).auth).toBe(1);
  });

  it('lists groups (folders and built-in labels), feeds and their relationships', async () => {
    const groups = await fever.call('groups');
    const folder = await server.db
      .selectFrom('folders')
      .where('user_id', '=', alice.user.id)
      .select('id')
      .executeTakeFirstOrThrow();
    expect(groups.json.groups).toEqual([
      { id: 1, title: 'Launches' },
      { id: folder.id + 2, title: 'Space' },
    ]);
    expect(groups.json.feeds_groups).toEqual([
      { group_id: 1, feed_ids: String(src.launches) },
      { group_id: folder.id + 2, feed_ids: String(src.space) },
    ]);
    const feeds = await fever.call('feeds');
    const byId = (a: number, b: number) => a - b;
    expect(feeds.json.feeds.map((f: { id: number }) => f.id).toSorted(byId)).toEqual(
      [src.space, src.orbit, src.launches].toSorted(byId),
    );
    expect(feeds.json.feeds.find((f: { id: number }) => f.id === src.space)).toEqual({
      id: src.space,
      favicon_id: 0,
      title: 'Space News',
      url: expect.stringMatching(/^https:\/\//),
      site_url: expect.stringMatching(/^https:\/\//),
      is_spark: 0,
      last_updated_on_time: Math.floor((now - MINUTE) / 1000),
    });
    expect(feeds.json.feeds_groups).toEqual(groups.json.feeds_groups);
    expect((await fever.call('favicons')).json.favicons).toEqual([]);
  });

  it('syncs every item: unread ids, then 50 at a time by since_id, and back by max_id', async () => {
    const all = [...space, ...orbit, ...launch];
    const unread = await fever.call('unread_item_ids');
    expect(ids(unread.json.unread_item_ids).toSorted((a, b) => a - b)).toEqual(all);
    expect((await fever.call('saved_item_ids')).json.saved_item_ids).toBe('');
    const seen: number[] = [];
    let since = 0;
    for (;;) {
      const page = await fever.call(`items&since_id=${since}`);
      expect(page.json.total_items).toBe(all.length);
      if (page.json.items.length === 0) break;
      expect(page.json.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.json.items.map((i: { id: number }) => i.id));
      since = page.json.items.at(-1).id;
    }
    expect(seen).toEqual(all);
    const newest = await fever.call('items&max_id=0');
    expect(newest.json.items[0].id).toBe(launch[0]);
    const back = await fever.call(`items&max_id=${space[10]}`);
    expect(back.json.items.map((i: { id: number }) => i.id)).toEqual(
      space.slice(0, 10).toReversed(),
    );
    const some = await fever.call(`items&with_ids=${space[3]},${orbit[0]}`);
    expect(some.json.items).toHaveLength(2);
    expect(some.json.items[0]).toEqual({
      id: space[3],
      feed_id: src.space,
      title: expect.any(String),
      author: '',
      html: expect.any(String),
      url: 'https://stories.test/3',
      is_saved: 0,
      is_read: 0,
      created_on_time: Math.floor((now - 97 * MINUTE) / 1000),
    });
    expect((await fever.call('items&with_ids=1,x')).status).toBe(400);
    // Past any row id (32-bit on PostgreSQL): nothing, not a database error.
    expect((await fever.call('items&since_id=99999999999')).json.items).toEqual([]);
    expect((await fever.call('items&with_ids=99999999999')).json.items).toEqual([]);
  });

  it('marks items read, unread, saved and unsaved, answering the refreshed ids', async () => {
    const read = await fever.call('', [
      ['mark', 'item'],
      ['as', 'read'],
      ['id', String(space[0])],
    ]);
    expect(ids(read.json.unread_item_ids)).not.toContain(space[0]);
    const web = await alice.client.get(`/_api/news/list?sourceIds=${src.space}&status=read`);
    expect(web.body.items.map((i: { id: string }) => Number(i.id))).toEqual([space[0]]);
    const saved = await fever.call('', [
      ['mark', 'item'],
      ['as', 'saved'],
      ['id', String(space[1])],
    ]);
    expect(saved.json.saved_item_ids).toBe(String(space[1]));
    // Saving twice keeps it saved (Fever sets, it does not toggle).
    await fever.call('', [
      ['mark', 'item'],
      ['as', 'saved'],
      ['id', String(space[1])],
    ]);
    expect((await fever.call('saved_item_ids')).json.saved_item_ids).toBe(String(space[1]));
    await fever.call('', [
      ['mark', 'item'],
      ['as', 'unsaved'],
      ['id', String(space[1])],
    ]);
    const unread = await fever.call('', [
      ['mark', 'item'],
      ['as', 'unread'],
      ['id', String(space[0])],
    ]);
    expect(ids(unread.json.unread_item_ids)).toContain(space[0]);
    // Another user's item is passed over, as an unknown one.
    const bobs = await fever.call('', [
      ['mark', 'item'],
      ['as', 'read'],
      ['id', '999999'],
    ]);
    expect(bobs.json.auth).toBe(1);
    expect(
      (
        await fever.call('', [
          ['mark', 'item'],
          ['as', 'gone'],
          ['id', '1'],
        ])
      ).status,
    ).toBe(400);
  });

  it('marks a feed, a group and everything read up to the last items request (before)', async () => {
    const before = Math.floor((now - 80 * MINUTE) / 1000); // space[0..20] came before then
    const feed = await fever.call('', [
      ['mark', 'feed'],
      ['as', 'read'],
      ['id', String(src.space)],
      ['before', String(before)],
    ]);
    const left = ids(feed.json.unread_item_ids);
    expect(left.filter((id) => space.includes(id)).toSorted((a, b) => a - b)).toEqual(
      space.slice(21),
    );
    const group = await fever.call('', [
      ['mark', 'group'],
      ['as', 'read'],
      ['id', '1'],
      ['before', String(Math.floor(now / 1000))],
    ]);
    expect(ids(group.json.unread_item_ids)).not.toContain(launch[0]);
    const all = await fever.call('', [
      ['mark', 'group'],
      ['as', 'read'],
      ['id', '0'],
      ['before', String(Math.floor(now / 1000))],
    ]);
    expect(all.json.unread_item_ids).toBe('');
    const counts = await alice.client.get('/_api/news/unread-counts');
    expect(counts.body.total).toBe(0);
  });

  it('ranks hot links by how many of the user’s sources carried the story', async () => {
    const res = await fever.call('links&range=7');
    // Each link is its story's primary item in Alice's feed, with the story's items there.
    const link = (url: string, members: number[]) => {
      const [a, b] = members;
      return {
        id: expect.toSatisfy((id: number) => members.includes(id)),
        feed_id: expect.toSatisfy((id: number) => id === src.orbit || id === src.space),
        item_id: expect.toSatisfy((id: number) => members.includes(id)),
        temperature: 2,
        is_item: 1,
        is_local: 1,
        is_saved: 0,
        title: expect.any(String),
        url,
        item_ids: `${Math.max(a, b)},${Math.min(a, b)}`,
      };
    };
    expect(res.json.links).toEqual([
      link('https://stories.test/8', [orbit[1], space[8]]),
      link('https://stories.test/7', [orbit[0], space[7]]),
    ]);
    for (const l of res.json.links as { id: number; item_id: number; feed_id: number }[]) {
      expect(l.item_id).toBe(l.id);
      expect(l.feed_id).toBe(orbit.includes(l.id) ? src.orbit : src.space);
    }
    // A week ago, nothing; page 2, nothing.
    expect((await fever.call('links&offset=7')).json.links).toEqual([]);
    expect((await fever.call('links&page=2')).json.links).toEqual([]);
  });
});

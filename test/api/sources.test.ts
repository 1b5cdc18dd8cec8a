import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsSource } from '../../src/shared/types';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { SEARCH_INDEX_DRIFT_SQL } from '../helpers/search-index';
import { createItems, createSignedInUser, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { insertPersonalSources } from './sources-fixtures';

const ROLE_DENIED = 'Access denied. Your role (user) lacks required permissions.';
const NOT_FOUND = 'News source not found.';
const err = (message: string) => ({ error: message, message });

describe.each(dialects)('sources API (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let alice: { user: TestUser; client: ApiClient };
  let bob: { user: TestUser; client: ApiClient };
  let seq = 0;
  /** A URL no other test uses. */
  const freshUrl = () => `https://feeds.example.org/feed-${++seq}.xml`;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = (await createSignedInUser(server, { role: 'admin' })).client;
    alice = await createSignedInUser(server, { displayName: 'Alice' });
    bob = await createSignedInUser(server, { displayName: 'Bob' });
  });
  afterAll(() => server.close());

  async function addPersonal(
    client: ApiClient,
    name: string,
    url = freshUrl(),
    sourceType = 'rss',
  ) {
    const res = await client.post('/_api/news/sources', { name, url, sourceType });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }
  async function addDefault(name: string, url = freshUrl(), sourceType = 'rss') {
    const res = await admin.post('/_api/admin/sources-create', { name, url, sourceType });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  }
  async function listFor(client: ApiClient): Promise<NewsSource[]> {
    const res = await client.get('/_api/news/sources');
    expect(res.status).toBe(200);
    return res.body.sources;
  }
  const sourceRow = (id: string) =>
    server.db
      .selectFrom('news_sources')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirst();
  async function insertItems(sourceId: string, n: number, batch = '') {
    const at = Date.now();
    await createItems(
      server,
      Number(sourceId),
      Array.from({ length: n }, (_, i) => ({
        dedupe_key: `item-${sourceId}-${batch}${i}`,
        url: `https://feeds.example.org/story/${sourceId}/${i}`,
        title: `Story ${i} about the Moon`,
        summary: '<p>Moon</p>',
        summary_text: 'Moon',
        published_at: at - i * 1000,
        fetched_at: at,
        updated_at: at,
        item_type: i % 2 ? 'video' : 'article',
        engagement_score: i,
      })),
    );
  }

  describe('anonymous visitors', () => {
    it.each([
      ['GET', '/_api/news/sources'],
      ['POST', '/_api/news/sources'],
      ['POST', '/_api/news/sources/update'],
      ['POST', '/_api/news/sources/delete'],
      ['POST', '/_api/news/sources/preferences'],
      ['GET', '/_api/news/sources/opml'],
      ['POST', '/_api/news/sources/opml'],
      ['POST', '/_api/admin/sources-create'],
      ['POST', '/_api/admin/sources/update'],
      ['POST', '/_api/admin/sources/delete'],
    ])('get 401 from %s %s', async (method, path) => {
      const bodies: Record<string, unknown> = {
        '/_api/news/sources': { name: 'X', url: freshUrl(), sourceType: 'rss' },
        '/_api/admin/sources-create': { name: 'X', url: freshUrl(), sourceType: 'rss' },
        '/_api/news/sources/update': { sourceId: '1', name: 'X' },
        '/_api/admin/sources/update': { sourceId: '1', name: 'X' },
        '/_api/news/sources/delete': { sourceId: '1' },
        '/_api/admin/sources/delete': { sourceId: '1' },
        '/_api/news/sources/preferences': { sourceId: '1', isEnabled: false },
        '/_api/news/sources/opml': { opml: '<opml version="2.0"><body/></opml>' },
      };
      const anon = server.client();
      const res = method === 'GET' ? await anon.get(path) : await anon.post(path, bodies[path]);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(err('Authentication required'));
    });
  });

  describe('listing', () => {
    it("shows the caller's personal sources and the defaults, never another user's", async () => {
      const { client } = await createSignedInUser(server);
      const other = await createSignedInUser(server);
      const mine = await addPersonal(client, 'My Feed');
      const theirs = await addPersonal(other.client, 'Their Feed');
      const def = await addDefault('Shared Feed');
      const list = await listFor(client);
      const ids = list.map((s) => s.id);
      expect(ids).toContain(mine);
      expect(ids).toContain(def);
      expect(ids).not.toContain(theirs);
      const own = list.find((s) => s.id === mine)!;
      const me = (await client.get('/_api/auth/session')).body.user;
      expect(own).toEqual({
        id: mine,
        name: 'My Feed',
        url: expect.stringMatching(/^https:\/\/feeds\.example\.org\/feed-\d+\.xml$/),
        sourceType: 'rss',
        isEnabled: true,
        userId: me.id,
        health: { lastFetchedAt: null, lastStatus: null, lastError: null, itemCount: 0 },
      });
      expect(list.find((s) => s.id === def)).toMatchObject({
        userId: null,
        isEnabled: true,
        name: 'Shared Feed',
      });
    });

    it('reports health: last fetch, status, error and item count', async () => {
      const { client } = await createSignedInUser(server);
      const id = await addPersonal(client, 'Healthy?');
      const fetchedAt = Date.UTC(2026, 0, 2, 3, 4, 5);
      await server.db
        .updateTable('news_sources')
        .set({
          last_fetched_at: fetchedAt,
          last_status: 'error',
          last_error: 'The feed answered 404.',
        })
        .where('id', '=', Number(id))
        .execute();
      await insertItems(id, 3);
      const source = (await listFor(client)).find((s) => s.id === id)!;
      expect(source.health).toEqual({
        lastFetchedAt: '2026-01-02T03:04:05.000Z',
        lastStatus: 'error',
        lastError: 'The feed answered 404.',
        itemCount: 3,
      });
    });

    it('sorts enabled sources first, then by name ignoring case', async () => {
      const { client } = await createSignedInUser(server);
      await addPersonal(client, 'zulu personal');
      await addPersonal(client, 'Bravo personal');
      const off = await addDefault('alpha default (switched off)');
      await client.post('/_api/news/sources/preferences', { sourceId: off, isEnabled: false });
      const list = await listFor(client);
      const enabled = list.filter((s) => s.isEnabled);
      const disabled = list.filter((s) => !s.isEnabled);
      expect(list).toEqual([...enabled, ...disabled]);
      const names = enabled.map((s) => s.name.toLowerCase());
      expect(names).toEqual([...names].toSorted((a, b) => a.localeCompare(b)));
      expect(disabled.map((s) => s.id)).toContain(off);
      expect(list.findIndex((s) => s.name === 'Bravo personal')).toBeLessThan(
        list.findIndex((s) => s.name === 'zulu personal'),
      );
    });
  });

  describe('adding a personal source', () => {
    it('creates it for the caller, normalised and due for fetching at once', async () => {
      const before = Date.now();
      const res = await alice.client.post('/_api/news/sources', {
        name: '  Planetary Society  ',
        url: ' HTTPS://WWW.Planetary.ORG/Articles/feed.xml#latest ',
        sourceType: 'rss',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.stringMatching(/^\d+$/), name: 'Planetary Society' });
      const row = (await sourceRow(res.body.id))!;
      expect(row.user_id).toBe(alice.user.id);
      expect(row.url).toBe('https://www.planetary.org/Articles/feed.xml');
      expect(row.source_type).toBe('rss');
      expect(row.next_fetch_at).toBeGreaterThanOrEqual(before);
      expect(row.next_fetch_at).toBeLessThanOrEqual(Date.now());
    });

    it.each([
      [{ url: 'https://a.example/feed', sourceType: 'rss' }, 'Name is required.'],
      [{ name: '   ', url: 'https://a.example/feed', sourceType: 'rss' }, 'Name is required.'],
      [{ name: 'X', sourceType: 'rss' }, 'Please enter a valid URL.'],
      [
        { name: 'News\u0000', url: 'https://a.example/feed', sourceType: 'rss' },
        'Name cannot contain control characters or text-direction overrides.',
      ],
      [
        { name: 'Feed \u202Egnp.exe', url: 'https://a.example/feed', sourceType: 'rss' },
        'Name cannot contain control characters or text-direction overrides.',
      ],
      [{ name: 'X', url: 'not a url', sourceType: 'rss' }, 'Please enter a valid URL.'],
      [{ name: 'X', url: 'ftp://a.example/feed', sourceType: 'rss' }, 'Please enter a valid URL.'],
      [
        { name: 'X', url: 'javascript:alert(1)', sourceType: 'custom' },
        'Please enter a valid URL.',
      ],
      [{ name: 'X', url: 'https://a.example/feed' }, 'Please select a valid source type.'],
      [
        { name: 'X', url: 'https://a.example/feed', sourceType: 'podcast' },
        'Please select a valid source type.',
      ],
      [
        { name: 'X', url: 'https://vimeo.com/@space', sourceType: 'youtube' },
        'A YouTube source needs a YouTube channel URL (youtube.com/@handle or /channel/…).',
      ],
      [
        { name: 'X', url: 'https://www.reddit.com/user/spez', sourceType: 'reddit' },
        'A Reddit source needs a subreddit URL like https://www.reddit.com/r/space/.',
      ],
      [
        { name: 'X', url: 'https://twitter.com/nasa', sourceType: 'bluesky' },
        'A Bluesky source needs a profile URL like https://bsky.app/profile/nasa.gov.',
      ],
      [
        { name: 'X', url: 'https://news.google.com/search?q=mars', sourceType: 'google_news' },
        'A Google News source needs a Google News RSS URL (news.google.com/rss/search?q=…).',
      ],
      [
        { name: 'X', url: 'https://example.com/launches', sourceType: 'rocket_launch' },
        'A Rocket Launch source needs a Launch Library URL like https://ll.thespacedevs.com/2.2.0/launch/upcoming/.',
      ],
    ])('refuses %j with "%s"', async (body, message) => {
      const res = await alice.client.post('/_api/news/sources', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(err(message));
    });

    it.each([
      ['youtube', 'https://www.youtube.com/@pbsspacetime'],
      ['reddit', 'https://www.reddit.com/r/space/'],
      ['bluesky', 'https://bsky.app/profile/nasa.gov'],
      ['google_news', 'https://news.google.com/rss/search?q=artemis&hl=en-US'],
      ['rocket_launch', 'https://ll.thespacedevs.com/2.2.0/launch/upcoming/'],
      ['custom', 'https://example.net/anything'],
    ])('accepts a %s source with a suitable URL', async (sourceType, url) => {
      const { client } = await createSignedInUser(server);
      const res = await client.post('/_api/news/sources', {
        name: `A ${sourceType}`,
        url,
        sourceType,
      });
      expect(res.status, res.text).toBe(201);
    });

    it('refuses the same URL twice for one user, however it is written', async () => {
      const { client } = await createSignedInUser(server);
      await addPersonal(client, 'Once', 'https://www.esa.int/rssfeed/Our_Activities/Space_Science');
      for (const url of [
        'https://www.esa.int/rssfeed/Our_Activities/Space_Science',
        'https://WWW.ESA.INT/rssfeed/Our_Activities/Space_Science/',
        'http://esa.int/rssfeed/Our_Activities/Space_Science#x',
      ]) {
        const res = await client.post('/_api/news/sources', {
          name: 'Twice',
          url,
          sourceType: 'rss',
        });
        expect(res.status).toBe(409);
        expect(res.body).toEqual(err('You already have this source.'));
      }
      // Another user may add the same feed for themselves.
      const other = await createSignedInUser(server);
      await addPersonal(
        other.client,
        'Mine too',
        'https://www.esa.int/rssfeed/Our_Activities/Space_Science',
      );
    });

    it('adds a URL only once when the same request races itself', async () => {
      const { client } = await createSignedInUser(server);
      const url = freshUrl();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          client.post('/_api/news/sources', { name: `Race ${i}`, url, sourceType: 'rss' }),
        ),
      );
      expect(results.map((r) => r.status).toSorted((a, b) => a - b)).toEqual([
        201, 409, 409, 409, 409, 409, 409, 409,
      ]);
      expect((await listFor(client)).filter((s) => s.url === url)).toHaveLength(1);
    });

    it('stops at 1000 personal sources per user', async () => {
      const { user, client } = await createSignedInUser(server);
      await insertPersonalSources(server.db, user.id, 999);
      await addPersonal(client, 'The thousandth');
      const res = await client.post('/_api/news/sources', {
        name: 'One too many',
        url: freshUrl(),
        sourceType: 'rss',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(err('You can have at most 1000 personal sources.'));
    });

    it('refuses a URL that is already a default source', async () => {
      const url = freshUrl();
      await addDefault('Default one', url);
      const res = await bob.client.post('/_api/news/sources', {
        name: 'Copy',
        url,
        sourceType: 'rss',
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(err('This source is already one of the default sources.'));
    });
  });

  describe('updating', () => {
    it('lets the owner rename a source', async () => {
      const id = await addPersonal(alice.client, 'Old name');
      const res = await alice.client.post('/_api/news/sources/update', {
        sourceId: id,
        name: 'New name',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ name: 'New name' });
      expect((await sourceRow(id))!.name).toBe('New name');
    });

    it('accepts a numeric sourceId as well as a string', async () => {
      const id = await addPersonal(alice.client, 'Numeric');
      const res = await alice.client.post('/_api/news/sources/update', {
        sourceId: Number(id),
        name: 'Numeric 2',
      });
      expect(res.body).toEqual({ name: 'Numeric 2' });
    });

    it('resets the fetch state when the URL or the type changes', async () => {
      const id = await addPersonal(alice.client, 'Refetch me');
      const stale = {
        etag: '"abc"',
        last_modified: 'Tue, 01 Jan 2026 00:00:00 GMT',
        resolved_url: 'https://resolved.example/x',
        error_count: 4,
        last_status: 'error' as const,
        last_error: 'boom',
        next_fetch_at: Date.now() + 86_400_000,
      };
      await server.db.updateTable('news_sources').set(stale).where('id', '=', Number(id)).execute();
      // A rename alone keeps the fetch state.
      await alice.client.post('/_api/news/sources/update', { sourceId: id, name: 'Renamed' });
      expect((await sourceRow(id))!.etag).toBe('"abc"');

      const before = Date.now();
      const newUrl = freshUrl();
      const res = await alice.client.post('/_api/news/sources/update', {
        sourceId: id,
        url: newUrl,
      });
      expect(res.body).toEqual({ name: 'Renamed' });
      const row = (await sourceRow(id))!;
      expect(row).toMatchObject({
        url: newUrl,
        etag: null,
        last_modified: null,
        resolved_url: null,
        error_count: 0,
      });
      expect(row.next_fetch_at).toBeGreaterThanOrEqual(before);
      expect(row.next_fetch_at).toBeLessThanOrEqual(Date.now());

      await server.db.updateTable('news_sources').set(stale).where('id', '=', Number(id)).execute();
      await alice.client.post('/_api/news/sources/update', { sourceId: id, sourceType: 'custom' });
      expect(await sourceRow(id)).toMatchObject({
        source_type: 'custom',
        etag: null,
        error_count: 0,
      });
    });

    it("checks a new type against the source's URL", async () => {
      const id = await addPersonal(alice.client, 'Plain feed');
      const res = await alice.client.post('/_api/news/sources/update', {
        sourceId: id,
        sourceType: 'youtube',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        err('A YouTube source needs a YouTube channel URL (youtube.com/@handle or /channel/…).'),
      );
      expect((await sourceRow(id))!.source_type).toBe('rss');
    });

    it('refuses a new URL the user already has', async () => {
      const taken = freshUrl();
      await addPersonal(alice.client, 'Has it', taken);
      const id = await addPersonal(alice.client, 'Wants it');
      const res = await alice.client.post('/_api/news/sources/update', {
        sourceId: id,
        url: taken,
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(err('You already have this source.'));
    });

    it.each([
      [
        { sourceId: 'PLACEHOLDER' },
        'At least one field (name, url, or sourceType) must be provided to update.',
      ],
      [{ name: 'X' }, 'Source ID is required.'],
      [{ sourceId: '', name: 'X' }, 'Source ID is required.'],
      [{ sourceId: 'PLACEHOLDER', name: '' }, 'Name is required.'],
      [
        { sourceId: 'PLACEHOLDER', name: 'Bell\u0007' },
        'Name cannot contain control characters or text-direction overrides.',
      ],
      [{ sourceId: 'PLACEHOLDER', url: 'nope' }, 'Please enter a valid URL.'],
      [{ sourceId: 'PLACEHOLDER', sourceType: 'blog' }, 'Please select a valid source type.'],
    ] as Array<[Record<string, unknown>, string]>)(
      'refuses %j with "%s"',
      async (body, message) => {
        const id = await addPersonal(alice.client, 'Validate me');
        const payload = { ...body, ...(body.sourceId === 'PLACEHOLDER' ? { sourceId: id } : {}) };
        const res = await alice.client.post('/_api/news/sources/update', payload);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(err(message));
      },
    );

    it("answers 404 for another user's source, as if it did not exist", async () => {
      const id = await addPersonal(alice.client, 'Alice only');
      const res = await bob.client.post('/_api/news/sources/update', {
        sourceId: id,
        name: 'Hijacked',
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(err(NOT_FOUND));
      expect((await sourceRow(id))!.name).toBe('Alice only');
    });

    it.each(['abc', '1.5', '-3', '0', '99999999999', '123456789'])(
      'answers 404 for the id %s',
      async (sourceId) => {
        const res = await alice.client.post('/_api/news/sources/update', { sourceId, name: 'X' });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(err(NOT_FOUND));
      },
    );

    it('refuses to edit a default source: it can only be switched on or off', async () => {
      const id = await addDefault('Read-only default');
      const res = await alice.client.post('/_api/news/sources/update', {
        sourceId: id,
        name: 'Mine now',
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(err('Default sources can only be switched on or off.'));
      expect((await sourceRow(id))!.name).toBe('Read-only default');
    });
  });

  describe('deleting', () => {
    it('removes the source with its items, counters and preferences', async () => {
      const id = await addPersonal(alice.client, 'Doomed');
      await insertItems(id, 4);
      const counted = await server.db
        .selectFrom('source_item_counts')
        .select((eb) => eb.fn.sum<number>('item_count').as('n'))
        .where('source_id', '=', Number(id))
        .executeTakeFirstOrThrow();
      expect(counted.n).toBe(4);

      const res = await alice.client.post('/_api/news/sources/delete', { sourceId: id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(await sourceRow(id)).toBeUndefined();
      const items = await server.db
        .selectFrom('news_items')
        .select('id')
        .where('source_id', '=', Number(id))
        .execute();
      expect(items).toEqual([]);
      const counts = await server.db
        .selectFrom('source_item_counts')
        .select('item_count')
        .where('source_id', '=', Number(id))
        .where('item_count', '!=', 0)
        .execute();
      expect(counts).toEqual([]);
      // The full-text index lost the items too (SQLite's; PostgreSQL's lives in the rows).
      const drift =
        dialect === 'sqlite'
          ? (await sql.raw(SEARCH_INDEX_DRIFT_SQL).execute(server.db)).rows
          : [{ stray: 0, missing: 0 }];
      expect(drift).toEqual([{ stray: 0, missing: 0 }]);
      expect((await listFor(alice.client)).map((s) => s.id)).not.toContain(id);
    });

    it('deletes a source with thousands of items quickly, leaving other counters alone', async () => {
      const big = await addPersonal(alice.client, 'Big feed');
      const small = await addPersonal(alice.client, 'Small feed');
      for (let i = 0; i < 5; i++) await insertItems(big, 1000, `batch${i}`);
      await insertItems(small, 3);
      const started = Date.now();
      const res = await alice.client.post('/_api/news/sources/delete', { sourceId: big });
      expect(res.body).toEqual({ success: true });
      // Per-row counter updates made this take seconds on PostgreSQL (migration 0004).
      expect(Date.now() - started).toBeLessThan(2000);
      const smallNow = (await listFor(alice.client)).find((s) => s.id === small)!;
      expect(smallNow.health.itemCount).toBe(3);
    });

    it("answers 404 for another user's source and leaves it alone", async () => {
      const id = await addPersonal(alice.client, 'Keep me');
      await insertItems(id, 1);
      const res = await bob.client.post('/_api/news/sources/delete', { sourceId: id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(err(NOT_FOUND));
      expect(await sourceRow(id)).toBeDefined();
    });

    it('refuses to delete a default source', async () => {
      const id = await addDefault('Undeletable by users');
      const res = await alice.client.post('/_api/news/sources/delete', { sourceId: id });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(err('Default sources can only be switched on or off.'));
      expect(await sourceRow(id)).toBeDefined();
    });

    it.each([[{}], [{ sourceId: '' }], [{ sourceId: null }]])(
      'needs a sourceId: %j',
      async (body) => {
        const res = await alice.client.post('/_api/news/sources/delete', body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(err('Source ID is required.'));
      },
    );

    it('answers 404 for a non-numeric id', async () => {
      const res = await alice.client.post('/_api/news/sources/delete', { sourceId: 'drop table' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(err(NOT_FOUND));
    });
  });

  describe('switching default sources', () => {
    it('switches a default source off and on for the caller only', async () => {
      const id = await addDefault('Switchable');
      const isOn = async (client: ApiClient) =>
        (await listFor(client)).find((s) => s.id === id)!.isEnabled;
      expect(await isOn(alice.client)).toBe(true);

      let res = await alice.client.post('/_api/news/sources/preferences', {
        sourceId: id,
        isEnabled: false,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(await isOn(alice.client)).toBe(false);
      expect(await isOn(bob.client)).toBe(true);

      res = await alice.client.post('/_api/news/sources/preferences', {
        sourceId: Number(id),
        isEnabled: true,
      });
      expect(res.body).toEqual({ success: true });
      expect(await isOn(alice.client)).toBe(true);
    });

    it('refuses to toggle a personal source', async () => {
      const id = await addPersonal(alice.client, 'Always on');
      const res = await alice.client.post('/_api/news/sources/preferences', {
        sourceId: id,
        isEnabled: false,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(err('Personal sources cannot be toggled.'));
    });

    it("answers 404 for another user's personal source or an unknown id", async () => {
      const id = await addPersonal(alice.client, 'Not yours');
      for (const sourceId of [id, '987654321', 'x']) {
        const res = await bob.client.post('/_api/news/sources/preferences', {
          sourceId,
          isEnabled: false,
        });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(err(NOT_FOUND));
      }
      expect(
        await server.db
          .selectFrom('source_preferences')
          .selectAll()
          .where('source_id', '=', Number(id))
          .execute(),
      ).toEqual([]);
    });

    it.each([
      [{ isEnabled: true }, 'Source ID is required.'],
      [{ sourceId: '1' }, 'isEnabled must be true or false.'],
      [{ sourceId: '1', isEnabled: 'no' }, 'isEnabled must be true or false.'],
    ])('refuses %j with "%s"', async (body, message) => {
      const res = await alice.client.post('/_api/news/sources/preferences', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(err(message));
    });
  });

  describe('default sources (admin)', () => {
    it.each([
      ['/_api/admin/sources-create', () => ({ name: 'X', url: freshUrl(), sourceType: 'rss' })],
      ['/_api/admin/sources/update', () => ({ sourceId: '1', name: 'X' })],
      ['/_api/admin/sources/delete', () => ({ sourceId: '1' })],
    ])('refuses a non-admin on %s', async (path, body) => {
      const res = await alice.client.post(path, body());
      expect(res.status).toBe(403);
      expect(res.body).toEqual(err(ROLE_DENIED));
    });

    it('creates, renames, retypes and deletes a default source', async () => {
      const res = await admin.post('/_api/admin/sources-create', {
        name: 'NASA Breaking',
        url: 'https://www.nasa.gov/rss/dyn/breaking_news.rss#top',
        sourceType: 'rss',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), name: 'NASA Breaking' });
      const id = res.body.id as string;
      expect(await sourceRow(id)).toMatchObject({
        user_id: null,
        url: 'https://www.nasa.gov/rss/dyn/breaking_news.rss',
      });
      expect((await listFor(alice.client)).find((s) => s.id === id)).toMatchObject({
        userId: null,
        isEnabled: true,
      });

      const upd = await admin.post('/_api/admin/sources/update', {
        sourceId: id,
        name: 'NASA',
        sourceType: 'custom',
      });
      expect(upd.body).toEqual({ name: 'NASA' });
      expect(await sourceRow(id)).toMatchObject({ name: 'NASA', source_type: 'custom' });

      await alice.client.post('/_api/news/sources/preferences', { sourceId: id, isEnabled: false });
      await insertItems(id, 2);
      const del = await admin.post('/_api/admin/sources/delete', { sourceId: id });
      expect(del.body).toEqual({ success: true });
      expect(await sourceRow(id)).toBeUndefined();
      expect(
        await server.db
          .selectFrom('source_preferences')
          .selectAll()
          .where('source_id', '=', Number(id))
          .execute(),
      ).toEqual([]);
      expect(
        await server.db
          .selectFrom('news_items')
          .selectAll()
          .where('source_id', '=', Number(id))
          .execute(),
      ).toEqual([]);
    });

    it('refuses a duplicate default source', async () => {
      const url = freshUrl();
      await addDefault('First', url);
      const res = await admin.post('/_api/admin/sources-create', {
        name: 'Second',
        url: `${url}#again`,
        sourceType: 'rss',
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(err('This source is already one of the default sources.'));
    });

    it("does not touch users' personal sources", async () => {
      const id = await addPersonal(alice.client, 'Personal, not admin business');
      for (const [path, body] of [
        ['/_api/admin/sources/update', { sourceId: id, name: 'Changed' }],
        ['/_api/admin/sources/delete', { sourceId: id }],
      ] as const) {
        const res = await admin.post(path, body);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(err(NOT_FOUND));
      }
      expect(await sourceRow(id)).toMatchObject({ name: 'Personal, not admin business' });
    });

    it('validates with the spec messages', async () => {
      const cases: Array<[string, unknown, string]> = [
        ['/_api/admin/sources-create', { url: freshUrl(), sourceType: 'rss' }, 'Name is required.'],
        [
          '/_api/admin/sources-create',
          { name: 'X', url: 'x', sourceType: 'rss' },
          'Please enter a valid URL.',
        ],
        [
          '/_api/admin/sources-create',
          { name: 'X', url: freshUrl(), sourceType: 'x' },
          'Please select a valid source type.',
        ],
        ['/_api/admin/sources/update', { name: 'X' }, 'Source ID is required.'],
        [
          '/_api/admin/sources/update',
          { sourceId: '1' },
          'At least one field (name, url, or sourceType) must be provided to update.',
        ],
        ['/_api/admin/sources/delete', {}, 'Source ID is required.'],
      ];
      for (const [path, body, message] of cases) {
        const res = await admin.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body).toEqual(err(message));
      }
    });
  });
});

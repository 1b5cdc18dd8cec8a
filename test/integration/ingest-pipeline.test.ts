// The whole ingestion pipeline against a local fixture server and a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/database';
import { FixtureServer, readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  SOURCE_COLUMNS,
  refreshDueSourcesForUser,
  refreshSources,
  sourcesForUser,
} from '../../src/server/ingest/pipeline';
import { acquireLease } from '../../src/server/jobs/repository';
import { DEFAULT_SOURCES, seedDefaultSources } from '../../src/server/ingest/store/seed';
import { SOURCE_TYPES } from '../../src/shared/constants';
import { createItem, createItems, createSessionUser, createSource } from '../helpers/factories';
import { itemsOf, postAs, sourceRow } from './ingest-helpers';
import { Ll2World, statusName } from '../helpers/ll2-world';

const MINUTE = 60_000;
const NASA_ETAG = '"nasa-v1"';

describe.each(dialects)('ingestion pipeline (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  const f = (path: string) => `${fixtures.url}${path}`;
  const rows = async (ids: number[]) => Promise.all(ids.map((id) => sourceRow(server.db, id)));
  const all = (db = server.db) => db.selectFrom('news_sources').select([...SOURCE_COLUMNS]);

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures
      .route('/nasa.rss', {
        file: 'rss2-nasa-breaking-news-legacy.xml',
        etag: NASA_ETAG,
        type: 'application/rss+xml',
      })
      .route('/atom.xml', {
        file: 'atom-heise-developer.xml',
        lastModified: 'Tue, 03 Mar 2026 09:00:00 GMT',
      })
      .route('/feed.json', { file: 'jsonfeed-1.1-blog.json', type: 'application/feed+json' })
      .route('/broken', { status: 500, body: 'oops' })
      .route('/busy', { status: 429, body: 'slow down', headers: { 'retry-after': '7200' } })
      .route('/page.html', { file: 'html-page.html' })
      .route('/xxe.xml', { file: 'xxe.rss.xml' })
      .route('/laughs.xml', { file: 'billion-laughs.rss.xml' })
      .route('/malformed.xml', { file: 'malformed.rss.xml' })
      .route('/empty.xml', { file: 'empty.rss.xml' })
      .route('/dupes.xml', { file: 'duplicate-guids.rss.xml' })
      .route('/bare.xml', { file: 'no-links-no-dates.rss.xml' })
      .route('/hostile.xml', { file: 'hostile-html.rss.xml' })
      .route('/latin1.xml', {
        body: Buffer.from(
          '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf\xe9</title><item><title>Ganym\xe8de et Io</title><link>https://example.org/g</link></item></channel></rss>',
          'latin1',
        ),
        type: 'text/xml',
      })
      .route('/never', () => undefined);
    // Short enough for the hanging source's test, long enough that a fixture feed is read in
    // time on a loaded machine, where the ingestion thread's own parsing holds its timers.
    server = await startTestServer({ dialect, env: { FETCH_TIMEOUT_MS: '2000' } });
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  it('fetches and stores items, then a conditional GET answered 304 adds nothing', async () => {
    const id = await createSource(server.db, { url: f('/nasa.rss') });
    const [row] = await all().where('id', '=', id).execute();
    const before = Date.now();
    const first = await refreshSources(server.ctx, [row]);
    expect(first).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });

    const items = await itemsOf(server.db, id);
    expect(items).toHaveLength(10);
    const webb = items.find(
      (i) => i.title === 'NASA’s Webb Telescope Reaches Major Milestone as Mirror Unfolds',
    );
    expect(webb).toBeDefined();
    expect(webb!.url).toMatch(/^https?:\/\/www\.nasa\.gov\//);
    expect(webb!.published_at).toBe(Date.parse('2022-01-08T17:16:00Z')); // "Sat, 08 Jan 2022 12:16 EST"
    expect(webb!.summary).not.toMatch(/<script/i);

    const source = await sourceRow(server.db, id);
    expect(source).toMatchObject({
      last_status: 'ok',
      last_error: null,
      error_count: 0,
      etag: NASA_ETAG,
      item_count: 10,
    });
    expect(source.last_fetched_at).toBeGreaterThanOrEqual(before);
    expect(source.next_fetch_at - source.last_fetched_at!).toBe(30 * MINUTE);

    const [again] = await all().where('id', '=', id).execute();
    const second = await refreshSources(server.ctx, [again]);
    expect(second).toEqual({ newItemsAdded: 0, sourcesFetched: 1, sourcesFailed: 0 });
    const last = fixtures.requests.filter((r) => r.path === '/nasa.rss').at(-1)!;
    expect(last.headers['if-none-match']).toBe(NASA_ETAG);
    expect(last.headers['user-agent']).toMatch(/^AstroDash\//);
    expect(await sourceRow(server.db, id)).toMatchObject({
      last_status: 'not_modified',
      item_count: 10,
    });
    expect(await itemsOf(server.db, id)).toHaveLength(10);
  });

  it('reads Atom, JSON Feed and ISO-8859-1 feeds, and sends If-Modified-Since', async () => {
    const ids = await Promise.all(
      ['/atom.xml', '/feed.json', '/latin1.xml'].map((p) => createSource(server.db, { url: f(p) })),
    );
    const result = await refreshSources(server.ctx, await all().where('id', 'in', ids).execute());
    expect(result.sourcesFetched).toBe(3);
    const [atom, json, latin] = await Promise.all(ids.map((id) => itemsOf(server.db, id)));
    expect(atom.length).toBeGreaterThan(5);
    expect(json.length).toBe(7);
    expect(latin.map((i) => i.title)).toEqual(['Ganymède et Io']);
    expect((await sourceRow(server.db, ids[0])).last_modified).toBe(
      'Tue, 03 Mar 2026 09:00:00 GMT',
    );
    await refreshSources(server.ctx, await all().where('id', '=', ids[0]).execute());
    const last = fixtures.requests.filter((r) => r.path === '/atom.xml').at(-1)!;
    expect(last.headers['if-modified-since']).toBe('Tue, 03 Mar 2026 09:00:00 GMT');
    expect((await sourceRow(server.db, ids[0])).last_status).toBe('not_modified');
  });

  it('one failing source does not stop the others; errors are recorded with backoff', async () => {
    const good = await createSource(server.db, { url: f('/dupes.xml') });
    const broken = await createSource(server.db, { url: f('/broken') });
    const busy = await createSource(server.db, { url: f('/busy') });
    const page = await createSource(server.db, { url: f('/page.html') });
    const never = await createSource(server.db, { url: f('/never') });
    const ids = [good, broken, busy, page, never];
    const started = Date.now();
    const result = await refreshSources(server.ctx, await all().where('id', 'in', ids).execute());
    expect(result).toEqual({ newItemsAdded: 2, sourcesFetched: 5, sourcesFailed: 4 });

    const [g, b, r, p, n] = await rows(ids);
    expect(g).toMatchObject({ last_status: 'ok', error_count: 0 });
    expect(b).toMatchObject({ last_status: 'error', error_count: 1 });
    expect(b.last_error).toMatch(/500/);
    expect(b.next_fetch_at - b.last_fetched_at!).toBe(60 * MINUTE); // 30 min × 2^1
    expect(r).toMatchObject({ last_status: 'error', error_count: 1 });
    expect(r.next_fetch_at - r.last_fetched_at!).toBe(7200 * 1000); // Retry-After beats the backoff
    expect(p).toMatchObject({
      last_status: 'error',
      last_error: 'Not a feed: the URL returned an HTML page',
    });
    expect(n).toMatchObject({ last_status: 'error', last_error: 'Timed out after 2 s' });
    // The hanging source held nobody up: the refresh took about its timeout.
    expect(Date.now() - started).toBeLessThan(8000);

    await refreshSources(server.ctx, await all().where('id', '=', broken).execute());
    const twice = await sourceRow(server.db, broken);
    expect(twice.error_count).toBe(2);
    expect(twice.next_fetch_at - twice.last_fetched_at!).toBe(120 * MINUTE);

    // Recovery clears the error.
    await server.db
      .updateTable('news_sources')
      .set({ url: f('/empty.xml') })
      .where('id', '=', broken)
      .execute();
    await refreshSources(server.ctx, await all().where('id', '=', broken).execute());
    expect(await sourceRow(server.db, broken)).toMatchObject({
      last_status: 'ok',
      error_count: 0,
      last_error: null,
    });
  });

  it('survives hostile feeds: XXE, billion laughs, malformed XML, empty feeds, duplicates, bare items', async () => {
    const paths = [
      '/xxe.xml',
      '/laughs.xml',
      '/malformed.xml',
      '/empty.xml',
      '/dupes.xml',
      '/bare.xml',
      '/hostile.xml',
    ];
    const ids = await Promise.all(paths.map((p) => createSource(server.db, { url: f(p) })));
    // No clock here: expanded entities would not end within the test's timeout; their
    // memory is checked in decode.test.ts, the parsers' growth in the fuzz project.
    await refreshSources(server.ctx, await all().where('id', 'in', ids).execute());
    const [xxe, laughs, malformed, empty, dupes, bare, hostile] = ids;

    const xxeItems = await itemsOf(server.db, xxe);
    expect(xxeItems).toHaveLength(1);
    expect(JSON.stringify(xxeItems)).not.toMatch(/root:|daemon:|meta-data/);

    const laughItems = await itemsOf(server.db, laughs);
    expect(JSON.stringify(laughItems).length).toBeLessThan(10_000);
    expect(JSON.stringify(laughItems)).not.toContain('lollol');

    expect(await sourceRow(server.db, malformed)).toMatchObject({ last_status: 'error' });
    expect((await sourceRow(server.db, malformed)).last_error).toBeTruthy();
    expect(await sourceRow(server.db, empty)).toMatchObject({ last_status: 'ok', item_count: 0 });

    const dupeItems = await itemsOf(server.db, dupes);
    expect(dupeItems.map((i) => i.dedupe_key).toSorted()).toEqual([
      'https://example.org/other',
      'story-1',
    ]);
    expect(dupeItems.find((i) => i.dedupe_key === 'story-1')!.url).toBe(
      'https://example.org/story',
    );

    const bareItems = await itemsOf(server.db, bare);
    const byTitle = new Map(bareItems.map((i) => [i.title, i]));
    const noLink = byTitle.get('An item with neither link nor date')!;
    expect(noLink.url).toBe(f('/bare.xml'));
    expect(noLink.summary_text).toBe('Just text & entities');
    expect(byTitle.get('Only a description, no title, no link.')).toBeDefined();
    expect(byTitle.get('Invalid date')!.url).toBe('https://example.org/relative/path');
    const future = byTitle.get('Far future')!;
    expect(future.published_at).toBeLessThanOrEqual(Date.now());
    expect(future.published_at).toBe(future.fetched_at);

    const [h] = await itemsOf(server.db, hostile);
    expect(h.title).toBe('Hostile title & more');
    expect(h.summary).not.toMatch(
      /<script|onerror|onclick|javascript:|vbscript:|data:text|evil\.example|<svg|<form|<meta|expression|style=/i,
    );
    expect(h.summary).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(h.summary).toContain('src="https://example.org/x.png"');
    expect(h.content).not.toMatch(/<object|<embed|<style/i);
    expect(h.content).toContain('href="https://example.org/rel"');
  });

  it('skips sources fetched within the last minute for user-triggered refreshes', async () => {
    const id = await createSource(server.db, { url: f('/empty.xml') });
    const select = () => all().where('id', '=', id).execute();
    expect(
      (await refreshSources(server.ctx, await select(), { skipFetchedWithinMs: MINUTE }))
        .sourcesFetched,
    ).toBe(1);
    expect(
      await refreshSources(server.ctx, await select(), { skipFetchedWithinMs: MINUTE }),
    ).toEqual({ newItemsAdded: 0, sourcesFetched: 0, sourcesFailed: 0 });
  });

  it('the source-polling job polls due, enabled sources only', async () => {
    await server.db
      .updateTable('news_sources')
      .set({ next_fetch_at: Date.now() + 3_600_000 })
      .execute();
    const due = await createSource(server.db, { url: f('/feed.json') });
    const disabled = await createSource(server.db, { url: f('/feed.json'), isEnabled: false });
    const [result, concurrent] = await Promise.all([
      server.ctx.jobs.run('source-polling'),
      server.ctx.jobs.run('source-polling'),
    ]);
    expect(concurrent.status).toBe('busy'); // one run at a time
    expect(result.status === 'success' && result.figures).toEqual({
      newItemsAdded: 7,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });
    expect((await sourceRow(server.db, due)).last_status).toBe('ok');
    expect((await sourceRow(server.db, disabled)).last_fetched_at).toBeNull();
  });

  it('another instance holding a fresh polling lease keeps this one idle', async () => {
    const id = await createSource(server.db, { url: f('/feed.json') });
    expect(
      await acquireLease(server.db, 'source-polling', 'other-instance', Date.now(), 60_000),
    ).toBe(true);
    expect((await server.ctx.jobs.run('source-polling')).status).toBe('busy');
    expect((await sourceRow(server.db, id)).last_fetched_at).toBeNull();
    // A lease left behind by a crashed instance expires.
    await server.db
      .updateTable('job_leases')
      .set({ expires_at: Date.now() - 1 })
      .where('job_name', '=', 'source-polling')
      .execute();
    const outcome = await server.ctx.jobs.run('source-polling');
    expect(outcome.status === 'success' && outcome.figures.sourcesFetched).toBe(1);
  });

  it('after login, the user’s due sources refresh (and nobody else’s)', async () => {
    const alice = await createSessionUser(server.db);
    const bob = await createSessionUser(server.db);
    await server.db
      .updateTable('news_sources')
      .set({ next_fetch_at: Date.now() + 3_600_000 })
      .execute();
    const mine = await createSource(server.db, { url: f('/atom.xml'), userId: alice.id });
    const theirs = await createSource(server.db, { url: f('/atom.xml'), userId: bob.id });
    const result = await refreshDueSourcesForUser(server.ctx, alice.id);
    expect(result.sourcesFetched).toBe(1);
    expect((await sourceRow(server.db, mine)).last_fetched_at).not.toBeNull();
    expect((await sourceRow(server.db, theirs)).last_fetched_at).toBeNull();
  });

  it('seeds real default sources of every type, once', async () => {
    const wipeDefaults = async () => {
      const ids = (
        await server.db
          .selectFrom('news_sources')
          .select('id')
          .where('user_id', 'is', null)
          .execute()
      ).map((r) => r.id);
      if (ids.length === 0) return;
      await server.db.deleteFrom('news_items').where('source_id', 'in', ids).execute();
      await server.db.deleteFrom('source_item_counts').where('source_id', 'in', ids).execute();
      await server.db.deleteFrom('news_sources').where('id', 'in', ids).execute();
    };
    await wipeDefaults();
    expect(await seedDefaultSources(server.db)).toBe(DEFAULT_SOURCES.length);
    const seeded = await server.db
      .selectFrom('news_sources')
      .select(['url', 'source_type', 'url_key'])
      .where('user_id', 'is', null)
      .execute();
    expect(new Set(seeded.map((s) => s.source_type))).toEqual(new Set(SOURCE_TYPES));
    expect(
      seeded.every((s) => s.url.startsWith('https://') && s.url_key.startsWith('http://')),
    ).toBe(true);
    expect(await seedDefaultSources(server.db)).toBe(0);
    await wipeDefaults();
    expect(await seedDefaultSources(server.db)).toBe(0); // an admin's deletions stay deleted
    const u = await createSessionUser(server.db);
    expect(await sourcesForUser(server.db, u.id)).toEqual([]);
  });
});

describe.each(dialects)('ingestion calls (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  const f = (path: string) => `${fixtures.url}${path}`;

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures
      .route('/nasa.rss', { file: 'rss2-nasa-breaking-news-legacy.xml' })
      .route('/default.rss', { file: 'empty.rss.xml' })
      .route('/alice.rss', { file: 'duplicate-guids.rss.xml' })
      .route('/bob.rss', { file: 'no-links-no-dates.rss.xml' })
      .route('/feed.json', { file: 'jsonfeed-1.1-blog.json', type: 'application/feed+json' })
      .route('/atom.xml', { file: 'atom-heise-developer.xml' })
      .route('/page.html', { file: 'html-page.html' })
      .route('/cdata.xml', {
        body: '<rss version="2.0"><channel><title><![CDATA[Sky &amp; Telescope]]></title><item><title>Item title</title></item></channel></rss>',
        type: 'text/xml',
      })
      .route('/missing', { status: 404, body: 'no' })
      .route('/login-feed.rss', { file: 'rss2-nasa-breaking-news-legacy.xml' });
    // JOBS_ENABLED=true enables the post-login refresh (buildApp never starts the poller itself).
    server = await startTestServer({ dialect, env: { JOBS_ENABLED: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  it('a successful login refreshes the user’s due sources in the background', async () => {
    const client = server.client();
    const credentials = {
      email: `login-${dialect}@example.org`,
      password: 'Sup3rSecret!',
      displayName: 'Lena',
    };
    const registered = await client.post('/_api/auth/register_with_password', credentials);
    expect(registered.status).toBe(200);
    const id = await createSource(server.db, {
      url: f('/login-feed.rss'),
      userId: registered.body.user.id,
    });
    expect(
      (
        await client.post('/_api/auth/login_with_password', {
          email: credentials.email,
          password: credentials.password,
        })
      ).status,
    ).toBe(200);
    await expect.poll(async () => (await sourceRow(server.db, id)).last_status).not.toBeNull();
    expect(await sourceRow(server.db, id)).toMatchObject({ last_status: 'ok', item_count: 10 });
  });

  it('POST /_api/news/fetch needs a session', async () => {
    const res = await server.client().post('/_api/news/fetch', {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 'Authentication required',
      message: 'Authentication required',
    });
  });

  it('fetches only what the caller may see; another user’s personal source is ignored silently', async () => {
    const alice = await createSessionUser(server.db);
    const bob = await createSessionUser(server.db);
    const shared = await createSource(server.db, { url: f('/default.rss') });
    const alices = await createSource(server.db, { url: f('/alice.rss'), userId: alice.id });
    const bobs = await createSource(server.db, { url: f('/bob.rss'), userId: bob.id });
    const client = server.client();

    const targeted = await postAs(client, bob, '/_api/news/fetch', {
      sourceIds: [String(alices), 'nope', bobs],
    });
    expect(targeted.status).toBe(200);
    expect(targeted.body).toEqual({ newItemsAdded: 4, sourcesFetched: 1, sourcesFailed: 0 });
    expect(fixtures.hits('/alice.rss')).toBe(0);
    expect((await sourceRow(server.db, alices)).last_fetched_at).toBeNull();

    const full = await postAs(client, alice, '/_api/news/fetch');
    expect(full.status).toBe(200);
    expect(full.body).toEqual({ newItemsAdded: 2, sourcesFetched: 2, sourcesFailed: 0 });
    expect(fixtures.hits('/bob.rss')).toBe(1);
    expect((await sourceRow(server.db, shared)).last_status).toBe('ok');
  });

  it('a full refresh has a 10-minute cool-down per user (429 with m:ss and Retry-After)', async () => {
    const carol = await createSessionUser(server.db);
    const client = server.client();
    expect((await postAs(client, carol, '/_api/news/fetch', {})).status).toBe(200);
    const again = await postAs(client, carol, '/_api/news/fetch', {});
    expect(again.status).toBe(429);
    expect(again.body.error).toMatch(
      /^Feed was refreshed recently\. Try again in (10:00|9:[0-5]\d)\.$/,
    );
    expect(again.body.message).toBe(again.body.error);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(590);
    // Targeted fetches (a newly added source) are not blocked by the cool-down…
    const own = await createSource(server.db, { url: f('/feed.json'), userId: carol.id });
    expect((await postAs(client, carol, '/_api/news/fetch', { sourceIds: [own] })).body).toEqual({
      newItemsAdded: 7,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });
    // …and another user is not affected.
    const dave = await createSessionUser(server.db);
    expect((await postAs(client, dave, '/_api/news/fetch')).status).toBe(200);
  });

  it('targeted fetches are limited to 30 per 10 minutes', async () => {
    const erin = await createSessionUser(server.db);
    const client = server.client();
    for (let i = 0; i < 30; i++) {
      expect(
        (await postAs(client, erin, '/_api/news/fetch', { sourceIds: ['999999'] })).status,
      ).toBe(200);
    }
    const limited = await postAs(client, erin, '/_api/news/fetch', { sourceIds: ['999999'] });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many refresh requests\. Try again in \d+:\d\d\.$/);
  });

  it('rejects a malformed fetch body with a 400', async () => {
    const u = await createSessionUser(server.db);
    const res = await postAs(server.client(), u, '/_api/news/fetch', { sourceIds: 'all' });
    expect(res.status).toBe(400);
  });

  it('POST /_api/news/cleanup re-normalises items with markup, for visible sources only, idempotently', async () => {
    const frank = await createSessionUser(server.db);
    const grace = await createSessionUser(server.db);
    const franks = await createSource(server.db, { url: f('/x1'), userId: frank.id });
    const graces = await createSource(server.db, { url: f('/x2'), userId: grace.id });
    const item = (key: string, title: string, summary_text: string) => ({
      dedupe_key: key,
      url: `https://example.org/${key}`,
      title,
      summary: '',
      summary_text,
    });
    await createItems(server.db, franks, [
      item('a', '<b>Bold</b> &amp; brave', 'plain'),
      item('b', 'Clean title', '&lt;p&gt;Escaped&lt;/p&gt; text &#8217;s'),
      item('c', 'AT&T launches a satellite', 'Nothing to do here'),
    ]);
    await createItem(server.db, graces, item('d', '<i>Not yours</i>', ''));
    const client = server.client();
    expect((await client.post('/_api/news/cleanup', {})).status).toBe(401);
    const first = await postAs(client, frank, '/_api/news/cleanup', {});
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ processedCount: 2 });
    const items = await server.db
      .selectFrom('news_items')
      .select(['dedupe_key', 'title', 'summary_text'])
      .where('source_id', 'in', [franks, graces])
      .orderBy('dedupe_key')
      .execute();
    expect(items).toEqual([
      { dedupe_key: 'a', title: 'Bold & brave', summary_text: 'plain' },
      { dedupe_key: 'b', title: 'Clean title', summary_text: 'Escaped text ’s' },
      { dedupe_key: 'c', title: 'AT&T launches a satellite', summary_text: 'Nothing to do here' },
      { dedupe_key: 'd', title: '<i>Not yours</i>', summary_text: '' },
    ]);
    expect((await postAs(client, frank, '/_api/news/cleanup', {})).body).toEqual({
      processedCount: 0,
    });
  });

  it('POST /_api/news/sources/extract-title reads channel titles, JSON Feed titles and page titles', async () => {
    const u = await createSessionUser(server.db);
    const client = server.client();
    const title = async (url: string) =>
      (await postAs(client, u, '/_api/news/sources/extract-title', { url })).body;
    expect(await title(f('/nasa.rss'))).toEqual({ title: 'NASA Breaking News' });
    expect(await title(f('/cdata.xml'))).toEqual({ title: 'Sky & Telescope' });
    expect((await title(f('/feed.json'))).title).toBeTruthy();
    expect((await title(f('/atom.xml'))).title).toBe('heise developer neueste Meldungen');
    expect(await title(f('/page.html'))).toEqual({ title: 'Welcome to Example Observatory' });
    expect(await title(f('/missing'))).toEqual({
      title: null,
      error: 'Could not find the feed (404)',
    });
  });

  it('extract-title validates the URL and needs a session', async () => {
    const u = await createSessionUser(server.db);
    const client = server.client();
    const bad = await postAs(client, u, '/_api/news/sources/extract-title', { url: 'not a url' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: 'Please enter a valid URL.',
      message: 'Please enter a valid URL.',
    });
    expect(
      (await postAs(client, u, '/_api/news/sources/extract-title', { url: 'file:///etc/passwd' }))
        .status,
    ).toBe(400);
    expect(
      (await client.post('/_api/news/sources/extract-title', { url: f('/nasa.rss') })).status,
    ).toBe(401);
  });
});

describe.each(dialects)('source types through the registry (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  // Four launches in the next days, in Launch Library's shape (the recorded one's are past).
  const launchesAt = [30, 2, 50, 70].map((hours) => Date.now() + hours * 3_600_000);
  const world = new Ll2World(
    launchesAt.map((net, i) => ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      name: `Falcon 9 Block 5 | Starlink Group 10-${i}`,
      net,
      netPrecision: 'Minute',
      statusId: 1,
      status: statusName(1),
      windowMs: 3_600_000,
    })),
    [],
    () => Date.now(),
    Date.now() - 86_400_000,
  );
  beforeAll(async () => {
    const ll2 = await world.start();
    fixtures = await FixtureServer.start();
    fixtures
      .route('/r/space/.rss', { status: 403, body: 'blocked', headers: { 'retry-after': '3600' } })
      .route('/rss/search', { file: 'google-news-search.rss.xml' });
    server = await startTestServer({
      dialect,
      env: { LAUNCH_LIBRARY_URL: ll2, REDDIT_BASE_URL: fixtures.url, INGEST_WORKERS: '0' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
    await world.close();
  });
  const select = (id: number) =>
    server.db
      .selectFrom('news_sources')
      .select([...SOURCE_COLUMNS])
      .where('id', '=', id)
      .execute();

  it('launches: one item per stored launch, window start as publishedAt, updated in place on refetch', async () => {
    const id = await createSource(server.db, {
      url: 'https://ll.thespacedevs.com/2.2.0/launch/upcoming/',
      sourceType: 'rocket_launch',
    });
    // Nothing polled yet: the store is empty, and that is no failure.
    expect(await refreshSources(server.ctx, await select(id))).toEqual({
      newItemsAdded: 0,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });
    // The launch job polls Launch Library into the store, then refreshes the launch sources.
    const run = await server.ctx.jobs.run('launch-schedule');
    expect(run.status === 'success' && run.figures).toMatchObject({
      newItemsAdded: 4,
      sourcesFetched: 1,
      launchesAdded: 4,
    });
    const items = await itemsOf(server.db, id);
    expect(items.map((i) => i.published_at).toSorted((a, b) => a - b)).toEqual(
      launchesAt.toSorted((a, b) => a - b),
    );
    expect(items.every((i) => i.published_at !== i.fetched_at)).toBe(true);
    expect(await refreshSources(server.ctx, await select(id))).toEqual({
      newItemsAdded: 0,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });
    expect(await itemsOf(server.db, id)).toHaveLength(4);
  });

  it('reddit: a 403 is recorded on the source as a clear error, with backoff honouring Retry-After', async () => {
    const id = await createSource(server.db, {
      url: 'https://www.reddit.com/r/space/',
      sourceType: 'reddit',
    });
    await refreshSources(server.ctx, await select(id));
    const row = await sourceRow(server.db, id);
    expect(row).toMatchObject({ last_status: 'error', error_count: 1 });
    expect(row.last_error).toMatch(/403/);
    expect(row.next_fetch_at - row.last_fetched_at!).toBe(3600 * 1000);
    expect(
      fixtures.requests.find((r) => r.path === '/r/space/.rss')?.headers['user-agent'],
    ).toBeTruthy();
  });

  it('google_news: publisher items are stored', async () => {
    const id = await createSource(server.db, {
      url: `${fixtures.url}/rss/search?q=astronomy`,
      sourceType: 'google_news',
    });
    const result = await refreshSources(server.ctx, await select(id));
    expect(result.newItemsAdded).toBeGreaterThan(20);
  });
});

describe('extract-title without FETCH_ALLOW_PRIVATE_NETWORK', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { FETCH_ALLOW_PRIVATE_NETWORK: 'false' } });
  });
  afterAll(() => server?.close());

  it('refuses loopback and metadata addresses with a readable reason, never a 500', async () => {
    const u = await createSessionUser(server.db);
    const client = server.client();
    for (const url of [
      `${server.url}/ads.txt`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const res = await postAs(client, u, '/_api/news/sources/extract-title', { url });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        title: null,
        error: 'Blocked: the URL points to a private or local network address.',
      });
    }
  });
});

// readFixture is imported so a missing fixture fails loudly at collection time.
void readFixture('empty.rss.xml');

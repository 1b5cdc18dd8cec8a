// A new or edited source is fetched by the server at once, in the background,
// and a sign-in refreshes the user's due sources: nobody waits for the next poll.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/database';
import { createAdmin, createSignedInUser, createUser, signIn } from '../helpers/factories';
import { FixtureServer, readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';

const NASA = 'rss2-nasa-breaking-news-legacy.xml';

describe.each(dialects)('sources are fetched at once (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  const held: ServerResponse[] = [];
  const f = (path: string) => `${fixtures.url}${path}`;

  const row = (id: string | number) =>
    server.db
      .selectFrom('news_sources')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
  const itemCount = async (id: string | number) =>
    (
      await server.db
        .selectFrom('news_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('source_id', '=', Number(id))
        .executeTakeFirstOrThrow()
    ).n;
  // Waits on the event (a request arrived, a row written), however long a busy
  // machine takes: only a hang ends at the configured poll timeout.
  async function eventually(check: () => boolean | Promise<boolean>) {
    await expect.poll(check, { interval: 20 }).toBe(true);
  }
  const release = () => {
    for (const res of held.splice(0))
      res.writeHead(200, { 'content-type': 'text/xml' }).end(readFixture(NASA));
  };

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures
      .route('/nasa.rss', { file: NASA, type: 'application/rss+xml' })
      .route('/atom.xml', { file: 'atom-heise-developer.xml' })
      .route('/held.rss', (_req, res) => void held.push(res));
    server = await startTestServer({ dialect, env: { JOBS_ENABLED: 'true' } });
  });
  afterAll(async () => {
    release();
    await server?.close();
    await fixtures?.close();
  });

  it('answers the add at once and fetches the new source in the background', async () => {
    const { client } = await createSignedInUser(server);
    const res = await client.post('/_api/news/sources', {
      name: 'Held feed',
      url: f('/held.rss'),
      sourceType: 'rss',
    });
    expect(res.status).toBe(201); // while the upstream has not answered yet
    await eventually(async () => held.length === 1);
    expect((await row(res.body.id)).last_fetched_at).toBeNull();
    release();
    await eventually(async () => (await row(res.body.id)).last_status === 'ok');
    expect(await itemCount(res.body.id)).toBe(10);
  });

  it('the first fetch the browser asks for waits for the server’s own and reports it', async () => {
    const { client } = await createSignedInUser(server);
    const created = await client.post('/_api/news/sources', {
      name: 'Held again',
      url: f('/held.rss?again'),
      sourceType: 'rss',
    });
    const first = client.post('/_api/news/fetch', { sourceIds: [created.body.id] });
    await eventually(async () => held.length === 1);
    release();
    expect((await first).body).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });
    expect(fixtures.hits('/held.rss')).toBe(2); // one fetch per source, not two
  });

  it('an admin’s new default source is fetched at once', async () => {
    const admin = await createAdmin(server);
    const client = await signIn(server, admin);
    const res = await client.post('/_api/admin/sources-create', {
      name: 'Heise',
      url: f('/atom.xml'),
      sourceType: 'rss',
    });
    expect(res.status).toBe(201);
    await eventually(async () => (await row(res.body.id)).last_status === 'ok');
    expect(await itemCount(res.body.id)).toBeGreaterThan(0);
  });

  it('a new URL is fetched at once; a new name alone fetches nothing', async () => {
    const { client } = await createSignedInUser(server);
    const created = await client.post('/_api/news/sources', {
      name: 'Moving feed',
      url: f('/atom.xml?old'),
      sourceType: 'rss',
    });
    await eventually(async () => (await row(created.body.id)).last_status === 'ok');
    const hits = () => fixtures.requests.filter((r) => r.path.startsWith('/nasa.rss?moved')).length;
    const renamed = await client.post('/_api/news/sources/update', {
      sourceId: created.body.id,
      name: 'Renamed feed',
    });
    expect(renamed.body).toEqual({ name: 'Renamed feed' });
    const moved = await client.post('/_api/news/sources/update', {
      sourceId: created.body.id,
      url: f('/nasa.rss?moved'),
    });
    expect(moved.status).toBe(200);
    await eventually(async () => hits() === 1 && (await row(created.body.id)).last_status === 'ok');
    // A rename alone fetches nothing: had it started a fetch, the move below would
    // find the source busy (or fetch the old URL again) instead of fetching the new one.
    await client.post('/_api/news/sources/update', { sourceId: created.body.id, name: 'Again' });
    const before = fixtures.requests.length;
    await client.post('/_api/news/sources/update', {
      sourceId: created.body.id,
      url: f('/nasa.rss?again'),
    });
    const since = () => fixtures.requests.slice(before).map((r) => r.path);
    await eventually(() => since().some((path) => path.startsWith('/nasa.rss')));
    expect(since().filter((path) => path.startsWith('/nasa.rss'))).toEqual(['/nasa.rss?again']);
    expect(hits()).toBe(1);
  });

  it('signing in refreshes the user’s due sources in the background', async () => {
    const user = await createUser(server);
    const client = await signIn(server, user);
    const created = await client.post('/_api/news/sources', {
      name: 'Due feed',
      url: f('/nasa.rss?due'),
      sourceType: 'rss',
    });
    await eventually(async () => (await row(created.body.id)).last_status === 'ok');
    // Make it due again and blank its record, then sign in anew.
    await server.db
      .updateTable('news_sources')
      .set({ next_fetch_at: 0, last_fetched_at: null, last_status: null })
      .where('id', '=', Number(created.body.id))
      .execute();
    await signIn(server, user);
    await eventually(async () => (await row(created.body.id)).last_status === 'ok');
    expect((await row(created.body.id)).last_fetched_at).not.toBeNull();
  });
});

// Space topics (issue 29): tags written at ingestion from real articles, the
// list's topics and ?topic= filter, the topic page, follow and mute, and the
// weekly vocabulary refresh, on every dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createSignedInUser, type TestUser } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { articlesTitled, rssOf, topicFixture } from '../helpers/topic-feed';
import { followedTopics } from '../../src/server/topics/service';
import { refreshVocabulary } from '../../src/server/topics/refresh';
import { askLaunchLibraryBudget } from '../../src/server/launches/service';
import { checkVocabularySoon, keepVocabularyCurrent } from '../../src/server/topics/loaded';
import { entityBySlug, setLl2Entities } from '../../src/server/topics/vocabulary';
import { SHIPPED_LL2_ENTITIES } from '../../src/server/topics/ll2-vocabulary';
import { operatorHttp } from '../../src/server/net/guarded-http';
import type { NewsItem } from '../../src/shared/types';

// Real SNAPI articles: Artemis II, JWST, two Starlink launches, Crew-12, and one with no topic.
const picked = articlesTitled([
  'Artemis II Flies Around the Moon for All',
  'JWST study links sulfur rich gas giants to core growth in distant HR 8799 system',
  'Live coverage: SpaceX to launch 25 Starlink satellites on Falcon 9 rocket from California',
  'Live coverage: SpaceX plans mid-afternoon Falcon 9 rocket launch from Vandenberg SFB',
  'Crew-12 launches to ISS',
  'Tropical Cyclone Narelle Crosses Australia',
]);
const T0 = Date.UTC(2026, 3, 1, 12);
const rss = rssOf(picked, T0);

describe.each(dialects)('space topics (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let alice: { user: TestUser; client: ApiClient };
  let bob: { user: TestUser; client: ApiClient };
  let sourceId: number;

  const list = async (client: ApiClient, query: string) => {
    const res = await client.get(`/_api/news/list?pageSize=50${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: NewsItem[]; pagination: { totalItems: number } };
  };
  const titles = (items: NewsItem[]) => items.map((i) => i.title).toSorted();

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures.route('/space.rss', { body: rss, type: 'application/rss+xml' });
    server = await startTestServer({ dialect });
    alice = await createSignedInUser(server);
    bob = await createSignedInUser(server);
    const created = await alice.client.post('/_api/news/sources', {
      name: 'Space news',
      url: `${fixtures.url}/space.rss`,
      sourceType: 'rss',
    });
    if (created.status !== 201) throw new Error(`source not created: ${created.status}`);
    sourceId = created.body.id;
    const fetched = await alice.client.post('/_api/news/fetch', { sourceIds: [sourceId] });
    if (fetched.body.newItemsAdded !== picked.length) throw new Error('feed not ingested');
  });

  afterAll(async () => {
    setLl2Entities(SHIPPED_LL2_ENTITIES);
    await server?.close();
    await fixtures?.close();
  });

  it('tags each stored story at ingestion, and the list carries its topics', async () => {
    const { items } = await list(alice.client, '');
    expect(items).toHaveLength(picked.length);
    for (const article of picked) {
      const item = items.find((i) => i.title === article.title);
      expect(item?.topics.map((t) => t.slug).toSorted(), article.title).toEqual(article.topics);
    }
    const artemis = items.find((i) => i.title === picked[0].title);
    expect(artemis?.topics).toContainEqual({ slug: 'artemis-ii', name: 'Artemis II' });
    expect(items.find((i) => i.title === picked[5].title)?.topics).toEqual([]);
  });

  it('filters the list by topic, with search, and says what a bad topic is', async () => {
    const starlink = await list(alice.client, '&topic=starlink');
    expect(titles(starlink.items)).toEqual(titles(picked.slice(2, 4) as unknown as NewsItem[]));
    expect(starlink.pagination.totalItems).toBe(2);
    const counted = await server.db
      .selectFrom('topic_source_counts')
      .select('item_count')
      .where('topic', '=', 'starlink')
      .where('source_id', '=', sourceId)
      .executeTakeFirstOrThrow();
    expect(counted.item_count).toBe(2);
    const searched = await list(alice.client, '&topic=starlink&searchTerm=California');
    expect(searched.items.map((i) => i.title)).toEqual([picked[2].title]);
    const none = await list(alice.client, '&topic=no-such-topic');
    expect(none.items).toEqual([]);
    const bad = await alice.client.get('/_api/news/list?topic=Not%20a%20slug');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Topic must be a topic slug');
  });

  it('answers a topic page with its stories newest first, and 404 for an unknown topic', async () => {
    const page = await alice.client.get('/_api/topics/artemis');
    expect(page.status).toBe(200);
    expect(page.body.topic).toMatchObject({ slug: 'artemis', name: 'Artemis', following: false });
    expect(page.body.launches).toEqual([]);
    const dates = (page.body.items as NewsItem[]).map((i) => i.publishedAt);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual(dates.toSorted().toReversed());
    const unknown = await alice.client.get('/_api/topics/no-such-topic');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Topic not found');
  });

  it("lists a topic's sky events of the coming months with their dates, from the sky calendar", async () => {
    const now = Date.now();
    // The Moon's phases come four a month: its page always has some, soonest first.
    const moon = (await alice.client.get('/_api/topics/moon')).body;
    const at = (moon.skyEvents as { at: string; title: string }[]).map((e) => e.at);
    expect(at.length).toBeGreaterThan(3);
    expect(at).toEqual(at.toSorted());
    expect(Date.parse(at[0])).toBeGreaterThanOrEqual(now - 86_400_000);
    expect(moon.skyEvents[0]).toMatchObject({
      kind: expect.any(String),
      description: expect.any(String),
    });
    expect(moon.skyEvents.map((e: { title: string }) => e.title)).toContain('Full Moon');
    // A launch programme is no body in the sky.
    expect((await alice.client.get('/_api/topics/artemis')).body.skyEvents).toEqual([]);
  });

  it('shows another user none of a personal source’s stories', async () => {
    const page = await bob.client.get('/_api/topics/artemis-ii');
    expect(page.status).toBe(200);
    expect(page.body.items).toEqual([]);
    expect((await list(bob.client, '&topic=artemis-ii')).items).toEqual([]);
  });

  it('follows a topic per user, for the alerts to read', async () => {
    const res = await alice.client.post('/_api/topics/follow', {
      slug: 'artemis-ii',
      follow: true,
    });
    expect(res.body).toEqual({
      topic: { slug: 'artemis-ii', name: 'Artemis II' },
      following: true,
    });
    expect(await followedTopics(server.db, alice.user.id)).toEqual(['artemis-ii']);
    expect(await followedTopics(server.db, bob.user.id)).toEqual([]);
    expect((await alice.client.get('/_api/topics/artemis-ii')).body.topic.following).toBe(true);
    expect((await alice.client.get('/_api/topics')).body.followed).toEqual(['artemis-ii']);
    await alice.client.post('/_api/topics/follow', { slug: 'artemis-ii', follow: false });
    expect(await followedTopics(server.db, alice.user.id)).toEqual([]);
  });

  it('takes a muted topic’s stories out of that user’s feed only', async () => {
    const muted = await alice.client.post('/_api/topics/mute', { slug: 'starlink', mute: true });
    expect(muted.body).toEqual({ topic: { slug: 'starlink', name: 'Starlink' }, muted: true });
    const feed = await list(alice.client, '');
    expect(feed.items.some((i) => i.topics.some((t) => t.slug === 'starlink'))).toBe(false);
    expect(feed.pagination.totalItems).toBe(picked.length - 2);
    // Asked for by name, a muted topic still answers.
    expect((await list(alice.client, '&topic=starlink')).items).toHaveLength(2);
    expect((await alice.client.get('/_api/topics/starlink')).body.topic.muted).toBe(true);
    // Two muted topics on one story take it out once: Falcon 9 adds Crew-12 only.
    await alice.client.post('/_api/topics/mute', { slug: 'falcon-9', mute: true });
    const both = await list(alice.client, '');
    expect(both.items).toHaveLength(picked.length - 3);
    expect(both.pagination.totalItems).toBe(picked.length - 3);
    await alice.client.post('/_api/topics/mute', { slug: 'starlink', mute: false });
    await alice.client.post('/_api/topics/mute', { slug: 'falcon-9', mute: false });
    expect((await list(alice.client, '')).pagination.totalItems).toBe(picked.length);
  });

  it('refuses bad follow and mute bodies with a message, and unknown topics with 404', async () => {
    const bad = await alice.client.post('/_api/topics/mute', { slug: 'starlink', mute: 'yes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('mute must be true or false');
    const unknown = await bob.client.post('/_api/topics/follow', { slug: 'nope', follow: true });
    expect(unknown.status).toBe(404);
    expect(await followedTopics(server.db, bob.user.id)).toEqual([]);
  });

  it('refreshes the LL2 vocabulary within the budget, and every reader picks it up', async () => {
    const ll2 = topicFixture('ll2-objects.json') as Record<string, unknown[]>;
    const base = `${fixtures.url}/ll2/2.2.0`;
    const page = (results: unknown[], next: string | null = null) => ({
      body: JSON.stringify({ count: results.length, next, results }),
      type: 'application/json',
    });
    const half = Math.ceil(ll2.agencies.length / 2);
    fixtures
      .route('/ll2/2.2.0/agencies/', page(ll2.agencies.slice(0, half), `${base}/agencies/?page=2`))
      .route('/ll2/2.2.0/agencies/?page=2', page(ll2.agencies.slice(half)))
      .route('/ll2/2.2.0/program/', page(ll2.programs))
      .route('/ll2/2.2.0/config/launcher/', page(ll2.launcher_configurations))
      .route('/ll2/2.2.0/config/spacecraft/', page(ll2.spacecraft_configurations));
    // The launches module's budget, shared with the launch poller.
    const deps = {
      db: server.db,
      config: { launchLibraryUrl: base },
      http: operatorHttp(server.config.ingest),
      mayCall: (db: typeof server.db, purpose: string) => askLaunchLibraryBudget(db, purpose, T0),
    };
    const pollerUsed = async (n: number) => {
      await server.db.deleteFrom('launch_api_calls').execute();
      if (n > 0)
        await server.db
          .insertInto('launch_api_calls')
          .values(
            Array.from({ length: n }, (_, i) => ({
              called_at: T0 - 30 * 60_000 + i,
              kind: 'sweep',
              status: 200,
            })),
          )
          .execute();
    };

    // The poller used 8 of the hour's 12 calls: the 4 left are its own.
    await pollerUsed(8);
    const refused = await refreshVocabulary(deps, T0);
    expect(refused).toMatchObject({ calls: 0, stored: false, budgetRefused: true });
    // With 5 used, the refresh gets 3 calls and stops, changing nothing.
    await pollerUsed(5);
    const cut = await refreshVocabulary(deps, T0);
    expect(cut).toMatchObject({ calls: 3, stored: false, budgetRefused: true });

    await pollerUsed(0);
    const done = await refreshVocabulary(deps, T0);
    expect(done).toMatchObject({ calls: 5, stored: true, budgetRefused: false });
    const kinds = await server.db.selectFrom('launch_api_calls').select('kind').execute();
    expect(kinds.map((k) => k.kind)).toEqual(Array(5).fill('vocabulary'));
    expect(done.entities).toBeGreaterThan(100);
    const stored = await server.db.selectFrom('topic_vocabulary').select('slug').execute();
    expect(stored.map((r) => r.slug)).toContain('falcon-9');

    // A vocabulary the refresh changed is what the next reader (another thread) loads.
    await server.db
      .updateTable('topic_vocabulary')
      .set({ name: 'Falcon 9 (refreshed)', refreshed_at: Date.now() })
      .where('slug', '=', 'falcon-9')
      .execute();
    checkVocabularySoon();
    await keepVocabularyCurrent(server.db);
    expect(entityBySlug('falcon-9')?.name).toBe('Falcon 9 (refreshed)');
  });

  it('deletes a story’s topics with the story', async () => {
    const ids = (
      await server.db
        .selectFrom('news_items')
        .select('id')
        .where('source_id', '=', sourceId)
        .execute()
    ).map((r) => r.id);
    expect(ids.length).toBe(picked.length);
    const res = await alice.client.post('/_api/news/sources/delete', { sourceId });
    expect(res.status).toBe(200);
    const left = await server.db
      .selectFrom('item_topics')
      .select('item_id')
      .where('item_id', 'in', ids)
      .execute();
    expect(left).toEqual([]);
    // The maintained per-source counts follow (the list's topic totals read them).
    const counted = await server.db
      .selectFrom('topic_source_counts')
      .select((eb) => eb.fn.sum<number>('item_count').as('n'))
      .where('source_id', '=', sourceId)
      .executeTakeFirstOrThrow();
    expect(counted.n ?? 0).toBe(0);
  });
});

// Every source keeps its newest KEEP_NEWEST_PER_SOURCE stories whatever their
// age (issue 23): a quiet blog whose posts are all older than PURGE_AGE_DAYS
// still shows, at ingestion and after a purge; busy sources lose their old
// stories as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_COLUMNS, refreshSources } from '../../src/server/ingest/pipeline';
import { KEEP_NEWEST_PER_SOURCE, purgeOldItems } from '../../src/server/news/retention';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createItem, createSignedInUser, createSource } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { itemsOf } from '../integration/ingest-helpers';

const DAY = 24 * 60 * 60 * 1000;

const rss = (items: Array<{ guid: string; date: Date }>) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title>${items
    .map(
      (i) =>
        `<item><title>Post ${i.guid}</title><link>https://quiet.example/${i.guid}</link><guid>${i.guid}</guid><pubDate>${i.date.toUTCString()}</pubDate></item>`,
    )
    .join('')}</channel></rss>`;

/** `n` posts, one a day, the newest `daysAgo` days old. */
const posts = (prefix: string, n: number, daysAgo: number, now: number) =>
  Array.from({ length: n }, (_, k) => ({
    guid: `${prefix}${k}`,
    date: new Date(now - (daysAgo + k) * DAY),
  }));

describe.each(dialects)('the newest stories of every source are kept (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let client: ApiClient;

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    server = await startTestServer({ dialect, env: { PURGE_AGE_DAYS: '30' } });
    client = (await createSignedInUser(server)).client;
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  // The scheduler's way in: every call fetches (a user's refresh skips a source fetched just now).
  const fetchSource = async (source: number) =>
    refreshSources(
      server.ctx,
      await server.db
        .selectFrom('news_sources')
        .select([...SOURCE_COLUMNS])
        .where('id', '=', source)
        .execute(),
    );
  const guids = async (source: number) =>
    (await itemsOf(server.db, source)).map((i) => i.dedupe_key).toSorted();

  it('keeps 10', () => expect(KEEP_NEWEST_PER_SOURCE).toBe(10));

  it('a feed whose stories are all past the retention shows its newest 10, and polls add nothing', async () => {
    // Added by a user as they would: the first fetch stores the newest 10.
    const now = Date.now();
    fixtures.route('/quiet.rss', {
      body: rss(posts('q', 15, 40, now)),
      type: 'application/rss+xml',
    });
    const added = await client.post('/_api/news/sources', {
      name: 'Quiet blog',
      url: `${fixtures.url}/quiet.rss`,
      sourceType: 'rss',
    });
    expect(added.status).toBe(201);
    const source = Number(added.body.id);
    await client.post('/_api/news/fetch', { sourceIds: [added.body.id] });
    const feed = await client.get(`/_api/news/list?sourceIds=${added.body.id}`);
    expect(feed.body.pagination.totalItems).toBe(10);
    expect(await guids(source)).toEqual(Array.from({ length: 10 }, (_, k) => `q${k}`).toSorted());
    expect(await fetchSource(source)).toEqual({
      newItemsAdded: 0,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });
    // A purge leaves them; the next poll still adds nothing.
    await purgeOldItems(server.db, Date.now(), 30);
    expect(await itemsOf(server.db, source)).toHaveLength(10);
    expect(await fetchSource(source)).toEqual({
      newItemsAdded: 0,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });

    // A new post arrives: it joins, and the oldest kept one is no longer among the newest 10.
    fixtures.route('/quiet.rss', {
      body: rss([{ guid: 'fresh', date: new Date(now - DAY) }, ...posts('q', 15, 40, now)]),
      type: 'application/rss+xml',
    });
    expect(await fetchSource(source)).toEqual({
      newItemsAdded: 1,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });
    expect(await purgeOldItems(server.db, Date.now(), 30)).toBe(1);
    const kept = await guids(source);
    expect(kept).toHaveLength(10);
    expect(kept).toContain('fresh');
    expect(kept).not.toContain('q9');
  });

  it('an old story is not stored when the source has 10 newer ones', async () => {
    const now = Date.now();
    fixtures.route('/busy.rss', {
      body: rss([...posts('n', 10, 1, now), { guid: 'old', date: new Date(now - 40 * DAY) }]),
      type: 'application/rss+xml',
    });
    const source = await createSource(server.db, { url: `${fixtures.url}/busy.rss` });
    expect(await fetchSource(source)).toEqual({
      newItemsAdded: 10,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });
    expect(await guids(source)).not.toContain('old');
    // Stored newer stories count too: a later fetch of the old one alone adds nothing.
    fixtures.route('/busy.rss', {
      body: rss([{ guid: 'old', date: new Date(now - 40 * DAY) }]),
      type: 'application/rss+xml',
    });
    expect(await fetchSource(source)).toEqual({
      newItemsAdded: 0,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });
  });

  it('the purge keeps each source’s newest 10, in batches of any size', async () => {
    for (const batchSize of [undefined, 3]) {
      const now = Date.now();
      const insert = async (source: number, key: string, daysAgo: number) =>
        createItem(server, source, {
          dedupe_key: key,
          url: `https://purge.example/${key}`,
          title: key,
          summary: '',
          summary_text: '',
          published_at: now - daysAgo * DAY,
          fetched_at: now,
          updated_at: now,
        });
      const tag = batchSize ?? 'adaptive';
      // Busy: 12 recent and 20 old; quiet: 14 old; tiny: 3 old; mixed: 4 recent and 9 old.
      const busy = await createSource(server.db, { url: `https://purge.example/busy-${tag}` });
      const quiet = await createSource(server.db, { url: `https://purge.example/quiet-${tag}` });
      const tiny = await createSource(server.db, { url: `https://purge.example/tiny-${tag}` });
      const mixed = await createSource(server.db, { url: `https://purge.example/mixed-${tag}` });
      for (let k = 0; k < 12; k++) await insert(busy, `recent${k}`, k / 10);
      for (let k = 0; k < 20; k++) await insert(busy, `old${k}`, 31 + k);
      for (let k = 0; k < 14; k++) await insert(quiet, `old${k}`, 31 + k);
      for (let k = 0; k < 3; k++) await insert(tiny, `old${k}`, 100 + k);
      for (let k = 0; k < 4; k++) await insert(mixed, `recent${k}`, k);
      for (let k = 0; k < 9; k++) await insert(mixed, `old${k}`, 40 + k);

      const deleted = await purgeOldItems(server.db, now, 30, batchSize ? { batchSize } : {});
      expect(deleted).toBe(20 + 4 + 0 + 3);
      expect(await guids(busy)).toEqual(
        Array.from({ length: 12 }, (_, k) => `recent${k}`).toSorted(),
      );
      expect(await guids(quiet)).toEqual(
        Array.from({ length: 10 }, (_, k) => `old${k}`).toSorted(),
      );
      expect(await itemsOf(server.db, tiny)).toHaveLength(3);
      expect(await guids(mixed)).toEqual(
        [
          ...Array.from({ length: 4 }, (_, k) => `recent${k}`),
          ...Array.from({ length: 6 }, (_, k) => `old${k}`),
        ].toSorted(),
      );
      // Run again: nothing more goes.
      expect(await purgeOldItems(server.db, now, 30, batchSize ? { batchSize } : {})).toBe(0);
    }
  });
});

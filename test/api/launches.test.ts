// The launch calls over a real server and database: the list's order and
// fields, one launch with its history, comments and stories, the .ics file
// whose UID survives a date change, stories linked at ingestion (SNAPI's own
// launch ids, and names) shown only to users whose feed holds them, and the
// launch chip on the news list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSources, SOURCE_COLUMNS } from '../../src/server/ingest/pipeline';
import { storeLaunches } from '../../src/server/launches/repository';
import { toLaunchRecord, type LaunchRecord } from '../../src/server/launches/records';
import type { LaunchDetailResponse, LaunchesResponse } from '../../src/shared/launches';
import type { NewsListResponse } from '../../src/shared/types';
import { dialects } from '../helpers/database';
import { createSignedInUser, createSource } from '../helpers/factories';
import { FixtureServer, readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { spaceLaunches } from '../helpers/space-data';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CREW_12 = '862b54e3-7bf8-48e5-8cd1-d77257d5fde9';
const uuid = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The recorded detailed Falcon 9 launch (with LL2's comments), as another launch at another time. */
function launchAt(n: number, name: string, net: number, over: Partial<LaunchRecord> = {}) {
  const recorded = JSON.parse(readFixture('ll2-upcoming-detailed-mode.json').toString('utf8')) as {
    results: unknown[];
  };
  const base = toLaunchRecord(recorded.results[0])!;
  const iso = (t: number) => new Date(t).toISOString();
  return {
    ...base,
    id: uuid(n),
    name,
    net: iso(net),
    windowStart: iso(net),
    windowEnd: iso(net + 2 * HOUR),
    lastUpdated: iso(Date.now() - 30 * DAY),
    ...over,
  };
}

const rss = (items: Array<{ title: string; summary: string; at: number; link: string }>) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Space</title><link>https://example.test/</link>${items
    .map(
      (i) =>
        `<item><title>${i.title}</title><link>${i.link}</link><guid>${i.link}</guid><description>${i.summary}</description><pubDate>${new Date(i.at).toUTCString()}</pubDate></item>`,
    )
    .join('')}</channel></rss>`;

describe.each(dialects)('launch calls (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  const now = Date.now();
  // The real Crew-12 record, five hours ahead (its stories are real SNAPI articles).
  const crew = (() => {
    const record = toLaunchRecord(spaceLaunches().find((l) => l.id === CREW_12)?.record)!;
    const iso = (t: number) => new Date(t).toISOString();
    return {
      ...record,
      net: iso(now + 5 * HOUR),
      windowStart: iso(now + 5 * HOUR),
      windowEnd: iso(now + 5 * HOUR),
      lastUpdated: iso(now - DAY),
      // As it stood before liftoff.
      statusId: 1,
      status: 'Go for Launch',
      statusAbbrev: 'Go',
    };
  })();
  const soon = launchAt(1, 'Falcon 9 Block 5 | Starlink Group 17-39', now + 2 * DAY);
  const flown = launchAt(2, 'Electron | Owl Night Long', now - 3 * DAY, {
    statusId: 3,
    status: 'Launch Successful',
    statusAbbrev: 'Success',
  });
  const failed = launchAt(3, 'Firefly Alpha | Flight 7', now - DAY, {
    statusId: 4,
    status: 'Launch Failure',
    statusAbbrev: 'Failure',
  });
  const old = launchAt(4, 'Vega-C | Old One', now - 10 * DAY, { statusId: 3, status: 'Success' });
  const vague = launchAt(5, 'New Glenn | Someday', now + 40 * DAY, {
    netPrecision: 'Month',
    statusId: 2,
    status: 'To Be Determined',
  });

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    const story = (title: string, summary: string, at: number, n: number) => ({
      title,
      summary,
      at,
      link: `https://news.example.test/${n}`,
    });
    fixtures
      .route('/v4/articles/', { file: 'snapi-v4-articles.json', type: 'application/json' })
      .route('/news.xml', {
        type: 'application/rss+xml',
        body: rss([
          // Real SNAPI headlines and summaries, published now; SNAPI's ids are not in an RSS feed.
          story(
            'Crew-12 launches to ISS',
            'A Falcon 9 launched a new crew to the International Space Station.',
            now - HOUR,
            1,
          ),
          story(
            'Strange &apos;inside-out&apos; planetary system baffles astronomers',
            'A planet forms where none should.',
            now - HOUR,
            2,
          ),
        ]),
      })
      .route('/mine.xml', {
        type: 'application/rss+xml',
        body: rss([story('Crew-12 is on its way', 'Liftoff of Crew-12.', now - 2 * HOUR, 3)]),
      });
    // Ingestion on its thread, as in production: the link step runs there, on its own connection.
    server = await startTestServer({ dialect });
    const db = server.db;
    await storeLaunches(db, [crew, soon, flown, failed, old, vague], now - 2 * DAY, true);
    // The soon one slips a day, then four hours more; the vague one gets its day.
    const later = (
      r: LaunchRecord,
      by: number,
      updated: number,
      over: Partial<LaunchRecord> = {},
    ) => ({
      ...r,
      net: new Date(Date.parse(r.net!) + by).toISOString(),
      windowStart: new Date(Date.parse(r.net!) + by).toISOString(),
      windowEnd: new Date(Date.parse(r.net!) + by + 2 * HOUR).toISOString(),
      lastUpdated: new Date(updated).toISOString(),
      ...over,
    });
    const slipped = later(soon, DAY, now - DAY);
    await storeLaunches(db, [slipped], now - DAY, false);
    await storeLaunches(db, [later(slipped, 4 * HOUR, now - HOUR)], now - HOUR, false);
    await storeLaunches(db, [later(vague, -DAY, now - HOUR, { netPrecision: 'Day' })], now, false);
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  const ingest = async (ids: number[]) =>
    refreshSources(
      server.ctx,
      await server.db
        .selectFrom('news_sources')
        .select([...SOURCE_COLUMNS])
        .where('id', 'in', ids)
        .execute(),
    );

  it('answer only a signed-in user', async () => {
    const anonymous = server.client();
    for (const path of [
      '/_api/launches',
      `/_api/launches/${CREW_12}`,
      `/_api/launches/${CREW_12}/calendar.ics`,
    ])
      expect((await anonymous.get(path)).status).toBe(401);
  });

  it('link stories at ingestion, by SNAPI’s ids and by names, each user seeing only their feed’s', async () => {
    const { user: me, client } = await createSignedInUser(server);
    const { client: other } = await createSignedInUser(server);
    const snapi = await createSource(server.db, {
      name: 'Spaceflight News API',
      url: `${fixtures.url}/v4/articles/?limit=50`,
    });
    const news = await createSource(server.db, {
      name: 'Space news',
      url: `${fixtures.url}/news.xml`,
    });
    const mine = await createSource(server.db, {
      name: 'My feed',
      url: `${fixtures.url}/mine.xml`,
      userId: me.id,
    });
    expect((await ingest([snapi, news, mine])).sourcesFailed).toBe(0);
    const links = await server.db
      .selectFrom('launch_links')
      .innerJoin('news_items', 'news_items.id', 'launch_links.item_id')
      .select(['news_items.title', 'launch_links.launch_id', 'launch_links.method'])
      .execute();
    // Sorted here: the two databases collate titles differently.
    const key = (l: (typeof links)[number]) => `${l.title}\u0000${l.method}`;
    expect(links.toSorted((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))).toEqual([
      { title: 'Crew-12 Launches', launch_id: CREW_12, method: 'id' },
      { title: 'Crew-12 is on its way', launch_id: CREW_12, method: 'names' },
      { title: 'Crew-12 launches to ISS', launch_id: CREW_12, method: 'id' },
      { title: 'Crew-12 launches to ISS', launch_id: CREW_12, method: 'names' },
      {
        title: 'Full replay: Launch of Crew-12 with Sophie Adenot | εpsilon mission',
        launch_id: CREW_12,
        method: 'id',
      },
      {
        title: 'Launch of Crew-12 with Sophie Adenot | εpsilon mission',
        launch_id: CREW_12,
        method: 'id',
      },
    ]);

    const titles = async (c: typeof client) => {
      const list = (await c.get('/_api/launches')).body as LaunchesResponse;
      return list.launches.find((l) => l.id === CREW_12)!.stories.map((s) => s.title);
    };
    // Newest first, three on the list; my own feed's story is mine only.
    expect(await titles(client)).toEqual([
      'Crew-12 launches to ISS',
      'Crew-12 is on its way',
      'Crew-12 Launches',
    ]);
    const theirs = await titles(other);
    expect(theirs.slice(0, 2)).toEqual(['Crew-12 launches to ISS', 'Crew-12 Launches']);
    expect(theirs).not.toContain('Crew-12 is on its way');
    const detail = (await other.get(`/_api/launches/${CREW_12}`)).body as LaunchDetailResponse;
    expect(detail.stories).toHaveLength(5);
    expect(detail.stories.every((s) => s.sourceName !== 'My feed')).toBe(true);

    // The news list carries the chip on linked stories only.
    const page = (await client.get('/_api/news/list?pageSize=50')).body as NewsListResponse;
    const chip = page.items.find((i) => i.title === 'Crew-12 launches to ISS')?.launch;
    expect(chip).toMatchObject({ id: CREW_12, name: 'Falcon 9 Block 5 | Crew-12', outcome: null });
    expect(page.items.find((i) => i.title.startsWith('Strange'))?.launch).toBeUndefined();
  });

  it('list upcoming launches soonest first, then the last 7 days’ latest first, with their moves', async () => {
    const { client } = await createSignedInUser(server);
    const { launches } = (await client.get('/_api/launches')).body as LaunchesResponse;
    expect(launches.map((l) => l.id)).toEqual([CREW_12, soon.id, vague.id, failed.id, flown.id]);
    const moved = launches[1];
    expect(moved).toMatchObject({
      name: 'Falcon 9 Block 5 | Starlink Group 17-39',
      net: new Date(Date.parse(soon.net!) + DAY + 4 * HOUR).toISOString(),
      netPrecision: 'Second',
      status: 'Go for Launch',
      changes: 2,
      moves: { count: 2, shiftSeconds: 28 * 3600, refined: 0 },
      outcome: null,
      webcastLive: true,
      stories: [],
    });
    expect(launches[2]).toMatchObject({
      netPrecision: 'Day',
      changes: 1,
      moves: { count: 0, refined: 1 },
    });
    expect(launches.slice(3).map((l) => l.outcome)).toEqual(['failure', 'success']);
  });

  it('one launch: its history oldest first, LL2’s comments newest first; 404 for any other id', async () => {
    const { client } = await createSignedInUser(server);
    const res = await client.get(`/_api/launches/${soon.id.toUpperCase()}`);
    expect(res.status).toBe(200);
    const body = res.body as LaunchDetailResponse;
    expect(body.history.map((h) => Date.parse(h.net!) - Date.parse(soon.net!))).toEqual([
      0,
      DAY,
      DAY + 4 * HOUR,
    ]);
    expect(body.history[0]).toEqual({
      observedAt: new Date(now - 2 * DAY).toISOString(),
      net: soon.net,
      netPrecision: 'Second',
      status: 'Go for Launch',
      windowStart: soon.windowStart,
      windowEnd: soon.windowEnd,
    });
    expect(body.updates[0]).toMatchObject({
      comment: 'Unofficial Re-stream by SPACE AFFAIRS has started',
      createdBy: 'LL2',
    });
    expect(body.launch).toMatchObject({ id: soon.id, missionType: 'Communications' });
    for (const id of [uuid(99), 'not-a-launch', `${CREW_12}x`]) {
      const missing = await client.get(`/_api/launches/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ error: 'Launch not found.' });
      expect((await client.get(`/_api/launches/${id}/calendar.ics`)).status).toBe(404);
    }
    // Past Fastify's parameter limit, no route matches: a 4xx all the same, never a 500.
    expect((await client.get(`/_api/launches/${'x'.repeat(300)}`)).status).toBe(414);
  });

  it('the .ics keeps its UID when the date changes, and counts the change', async () => {
    const { client } = await createSignedInUser(server);
    const ics = async (id: string) => {
      const res = await client.get(`/_api/launches/${id}/calendar.ics`);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="[\w-]+\.ics"$/,
      );
      // Unfold continuation lines (RFC 5545 §3.1), then read NAME[;params]:value.
      const lines = res.text.replace(/\r\n[ \t]/g, '').split('\r\n');
      const field = (name: string) => lines.find((l) => l.split(/[;:]/)[0] === name);
      return { field, text: res.text };
    };
    const before = await ics(soon.id);
    expect(before.field('UID')).toBe(`UID:${soon.id}@launches.astrodash`);
    expect(before.field('SEQUENCE')).toBe('SEQUENCE:2');
    const start = Date.parse(soon.net!) + DAY + 4 * HOUR;
    const stamp = (t: number) =>
      new Date(t)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(before.field('DTSTART')).toBe(`DTSTART:${stamp(start)}`);
    expect(before.field('DTEND')).toBe(`DTEND:${stamp(start + 2 * HOUR)}`);

    await storeLaunches(
      server.db,
      [
        {
          ...soon,
          net: new Date(start + HOUR).toISOString(),
          windowStart: new Date(start + HOUR).toISOString(),
          windowEnd: new Date(start + 3 * HOUR).toISOString(),
          lastUpdated: new Date(now).toISOString(),
        },
      ],
      now,
      false,
    );
    const after = await ics(soon.id);
    expect(after.field('UID')).toBe(before.field('UID'));
    expect(after.field('SEQUENCE')).toBe('SEQUENCE:3');
    expect(after.field('DTSTART')).toBe(`DTSTART:${stamp(start + HOUR)}`);
    // A NET known to the day is an all-day event.
    const day = await ics(vague.id);
    expect(day.field('DTSTART')).toMatch(/^DTSTART;VALUE=DATE:\d{8}$/);
    expect(day.text).toContain('SUMMARY:🚀 New Glenn | Someday');
  });
});

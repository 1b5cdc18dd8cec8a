// Satellite passes and the sky-events calendar (issue 28, part 2) through the real
// server: the 12-hourly job reads CelesTrak's recorded element sets from a fixture
// server; passes, events with the feed's stories, and the private iCal subscription.
// The clock is set to the recorded element sets' week (and to a Perseid night),
// so the answers are those of then; only Date is faked, timers run as usual.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toLaunchRecord } from '../../src/server/launches/records';
import { storeLaunches } from '../../src/server/launches/repository';
import { predictPasses } from '../../src/server/sky/passes';
import { CELESTRAK_PATH, parseTleText, toSatRec } from '../../src/server/sky/tle';
import { lookupZip } from '../../src/server/sky/zip';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createItem, createSignedInUser, createSource, type TestUser } from '../helpers/factories';
import { FIXTURES_DIR, FixtureServer, readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';

const DAY = 86_400_000;
const TLE_TEXT = readFileSync(path.join(FIXTURES_DIR, 'sky/celestrak-visual.tle'), 'utf8');
const TLE_WEEK = Date.parse('2025-07-20T00:00:00Z');
const PERSEID_NIGHT = Date.parse('2026-08-13T12:00:00Z');

const setClock = (t: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t);
};

describe.each(dialects)('satellite passes and the sky calendar (%s)', (dialect) => {
  let server: TestServer;
  let celestrak: FixtureServer;
  let alice: { user: TestUser; client: ApiClient };
  let bob: { user: TestUser; client: ApiClient };
  let nozip: { user: TestUser; client: ApiClient };

  beforeAll(async () => {
    celestrak = await FixtureServer.start();
    celestrak.route('/NORAD/elements/gp.php', { body: TLE_TEXT, type: 'text/plain' });
    server = await startTestServer({ dialect, env: { CELESTRAK_URL: celestrak.url } });
    alice = await createSignedInUser(server, { zipCode: '10001' });
    bob = await createSignedInUser(server, { zipCode: '94103' });
    nozip = await createSignedInUser(server);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await server.close();
    await celestrak.close();
  });

  it('passes need a place and the orbits; the sky-tles job fetches them from CELESTRAK_URL', async () => {
    expect((await nozip.client.get('/_api/sky/passes')).body).toEqual({
      error: 'Set your location to see satellite passes.',
      message: 'Set your location to see satellite passes.',
    });
    const before = await alice.client.get('/_api/sky/passes');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      passes: [],
      tles: [],
      tleFetchedAt: null,
      minElevation: 40,
    });

    const run = await server.ctx.jobs.run('sky-tles');
    expect(run.status).toBe('success');
    expect(celestrak.requests.map((r) => r.path)).toContain(CELESTRAK_PATH);
    const stored = await server.db.selectFrom('sky_tles').select('norad_id').execute();
    expect(stored.length).toBe(parseTleText(TLE_TEXT).length);
    // A second run replaces the sets rather than adding rows.
    await server.ctx.jobs.run('sky-tles');
    expect(await server.db.selectFrom('sky_tles').select('norad_id').execute()).toHaveLength(
      stored.length,
    );
  });

  it("lists the week's visible passes over the user's ZIP, at the user's own minimum", async () => {
    setClock(TLE_WEEK);
    const res = await alice.client.get('/_api/sky/passes');
    expect(res.status).toBe(200);
    const place = lookupZip('10001')!;
    const sats = parseTleText(TLE_TEXT)
      .filter((s) => [25544, 48274, 20580].includes(s.noradId))
      .map((s) => ({ noradId: s.noradId, name: s.name, satrec: toSatRec(s)! }));
    const expected = predictPasses(sats, place, TLE_WEEK, TLE_WEEK + 5 * DAY, 40);
    expect(res.body.passes).toEqual(expected);
    expect(res.body.passes.length).toBeGreaterThan(3);
    expect(res.body.passes[0]).toEqual(
      expect.objectContaining({
        rise: expect.any(String),
        peak: expect.any(String),
        set: expect.any(String),
      }),
    );
    for (const p of res.body.passes) expect(p.maxElevation).toBeGreaterThanOrEqual(40);
    expect(res.body.tles.map((t: { noradId: number }) => t.noradId).toSorted()).toEqual([
      20580, 25544, 48274,
    ]);
    expect(res.body.place).toMatchObject({ name: 'New York, NY' });

    const lower = await alice.client.post('/_api/sky/passes/settings', { minElevation: 10 });
    expect(lower.body).toEqual({ minElevation: 10 });
    const more = await alice.client.get('/_api/sky/passes');
    expect(more.body.minElevation).toBe(10);
    expect(more.body.passes.length).toBeGreaterThan(res.body.passes.length);
    // Bob's minimum is his own.
    expect((await bob.client.get('/_api/sky/passes')).body.minElevation).toBe(40);
    for (const bad of [5, 81, 40.5, '40', null]) {
      const r = await alice.client.post('/_api/sky/passes/settings', { minElevation: bad });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(
        'Minimum elevation must be a whole number of degrees from 10 to 80',
      );
    }
  });

  it('answers a year of events, with the Perseids stories the user can see', async () => {
    setClock(PERSEID_NIGHT);
    const shared = await createSource(server, { name: 'Sky News' });
    const bobsOwn = await createSource(server, { name: "Bob's blog", userId: bob.user.id });
    await createItem(server, shared, {
      title: 'Perseid meteor shower peaks tonight',
      summary_text: 'The Perseids peak tonight under a moonless sky',
      published_at: PERSEID_NIGHT - DAY,
    });
    await createItem(server, shared, {
      title: 'Perseid fireball seen last year',
      published_at: PERSEID_NIGHT - 40 * DAY,
    });
    await createItem(server, bobsOwn, {
      title: 'My Perseid photos',
      published_at: PERSEID_NIGHT - DAY,
    });

    const res = await alice.client.get('/_api/sky/events?from=2026-08-01&to=2026-09-01');
    expect(res.status).toBe(200);
    expect(res.body.from).toBe('2026-08-01T00:00:00.000Z');
    const kinds = new Set(res.body.events.map((e: { kind: string }) => e.kind));
    expect(kinds).toEqual(
      new Set(['moon-phase', 'meteor-shower', 'solar-eclipse', 'lunar-eclipse', 'conjunction']),
    );
    const perseids = res.body.events.find((e: { title: string }) => e.title === 'Perseids peak');
    expect(perseids).toMatchObject({
      kind: 'meteor-shower',
      at: expect.stringMatching(/^2026-08-1[23]/),
    });
    expect(perseids.stories.map((s: { title: string }) => s.title)).toEqual([
      'Perseid meteor shower peaks tonight',
    ]);
    expect(perseids).not.toHaveProperty('verdict');
    // The eclipse of 12 August 2026 from New York: partial, low in the west.
    const eclipse = res.body.events.find((e: { kind: string }) => e.kind === 'solar-eclipse');
    expect(eclipse.details).toMatchObject({ visibleHere: true, localKind: 'partial' });
    // Bob sees his own blog's story too.
    const bobs = await bob.client.get('/_api/sky/events?from=2026-08-01&to=2026-09-01');
    const his = bobs.body.events.find((e: { title: string }) => e.title === 'Perseids peak');
    expect(his.stories).toHaveLength(2);

    const year = await nozip.client.get('/_api/sky/events');
    expect(year.body.place).toBeNull();
    expect(Date.parse(year.body.to) - Date.parse(year.body.from)).toBeGreaterThan(364 * DAY);
    expect(year.body.events.length).toBeGreaterThan(70);
  });

  it('refuses a bad range with a clear message', async () => {
    const cases: [string, string][] = [
      ['from=yesterday', 'from must be a date (YYYY-MM-DD) or an ISO 8601 time'],
      ['from=2026-02-30', 'from is not a valid date'],
      ['from=9999-01-01', 'from must be between 1900 and 2200'],
      ['from=2026-01-01&to=2025-01-01', 'from must be before to, at most 400 days apart'],
      ['from=2026-01-01&to=2028-01-01', 'from must be before to, at most 400 days apart'],
    ];
    for (const [query, message] of cases) {
      const res = await alice.client.get(`/_api/sky/events?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await server.client().get('/_api/sky/events')).status).toBe(401);
    expect((await server.client().get('/_api/sky/passes')).status).toBe(401);
  });

  it('a private iCal subscription: created, followed without a cookie, replaced and revoked', async () => {
    // A recorded Launch Library launch in the launches store, ten days ahead.
    const recorded = JSON.parse(
      readFixture('ll2-upcoming-detailed-mode.json').toString('utf8'),
    ) as { results: unknown[] };
    const soon = new Date(Date.now() + 10 * DAY).toISOString();
    const launch = {
      ...toLaunchRecord(recorded.results[0])!,
      net: soon,
      windowStart: soon,
      windowEnd: soon,
    };
    await storeLaunches(server.db, [launch], Date.now(), true);
    expect((await alice.client.get('/_api/sky/calendar-feed')).body).toEqual({ feed: null });
    const created = await alice.client.post('/_api/sky/calendar-feed', {});
    expect(created.status).toBe(200);
    const url: string = created.body.url;
    expect(url).toMatch(new RegExp(`^${server.url}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const token = url.split('/calendar/')[1].slice(0, 43);
    const stored = await server.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = await feed.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(/END:VCALENDAR(\r\n)?$/);
    const uids = [...ics.matchAll(/^UID:(.+)\r$/gm)].map((m) => m[1]);
    expect(uids).toContain(`launch-${launch.id}@astrodash`);
    expect(uids.some((u) => /^full-moon-\d{4}-\d{2}-\d{2}@astrodash$/.test(u))).toBe(true);
    expect(new Set(uids).size).toBe(uids.length);
    expect(ics).toContain('SUMMARY:Launch: Falcon 9 Block 5 | Starlink Group 17-39');
    // Its link opens it on the Rocket Launches page.
    expect(ics.replace(/\r\n /g, '')).toContain(
      `URL;VALUE=URI:${server.url}/rocket-launches?launch=${launch.id}`,
    );
    // An eclipse spans its phases: it starts before its peak and ends after it.
    const eclipse =
      /BEGIN:VEVENT\r\nUID:lunar-eclipse-[^\r]+\r\n(?:[^\r]+\r\n)*?DTSTART:(\w+)\r\nDTEND:(\w+)/.exec(
        ics,
      );
    expect(eclipse).not.toBeNull();
    expect(eclipse![1] < eclipse![2]).toBe(true);
    // The same calendar asked again: the same UIDs, and 304 for its ETag.
    const again = await fetch(url, { headers: { 'if-none-match': feed.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await alice.client.get('/_api/sky/calendar-feed')).body.feed.lastUsedAt).not.toBeNull();

    // A new URL replaces the old one.
    const second = await alice.client.post('/_api/sky/calendar-feed', {});
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(second.body.url)).status).toBe(200);
    // Bob revoking touches only his own (he has none).
    expect((await bob.client.post('/_api/sky/calendar-feed/delete', {})).status).toBe(404);
    expect((await fetch(second.body.url)).status).toBe(200);
    expect((await alice.client.post('/_api/sky/calendar-feed/delete', {})).body).toEqual({
      success: true,
    });
    expect((await fetch(second.body.url)).status).toBe(404);
    expect((await fetch(`${server.url}/calendar/not-a-token.ics`)).status).toBe(404);
    // A disabled account's calendar answers 404.
    const third = await alice.client.post('/_api/sky/calendar-feed', {});
    await server.db
      .updateTable('users')
      .set({ is_disabled: 1 })
      .where('id', '=', alice.user.id)
      .execute();
    expect((await fetch(third.body.url)).status).toBe(404);
    await server.db
      .updateTable('users')
      .set({ is_disabled: 0 })
      .where('id', '=', alice.user.id)
      .execute();
  });
});

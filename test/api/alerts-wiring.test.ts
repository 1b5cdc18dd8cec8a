// The alerts engine wired to the modules that own its data, on a real server
// and database (SQLite and PostgreSQL) with every upstream replayed by the
// fixture server: the aurora tier from the recorded SWPC Kp product at each
// user's place, tonight's verdict from Open-Meteo fixture nights (the same
// answer as the user's Tonight call), the ISS's passes from CelesTrak element
// sets fetched by the sky-tles job's own code, today's sky events from the
// calendar at the user's place, and stories about a topic from the tags
// written at ingestion. The engine's clock is moved to the moments that matter.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/jobs/clock';
import { createPassService } from '../../src/server/sky/pass-service';
import { refreshElementSets } from '../../src/server/sky/tle';
import { lookupZip } from '../../src/server/sky/zip';
import { startNtfy, type HttpReceiver } from '../helpers/alert-receivers';
import { dialects } from '../helpers/database';
import { createSessionUser } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { CHARLOTTE, nightAirQuality, nightForecast } from '../helpers/night-fixtures';
import { startTestServer, type TestServer } from '../helpers/server';
import { SWPC_FILES } from '../helpers/sky-fixtures';
import { celestrakTextAt } from '../helpers/tle-fixtures';
import { articlesTitled, rssOf } from '../helpers/topic-feed';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
/** The recorded Kp product: Kp 1 on 4 February 2026 06:00 UTC, a G1 storm (Kp 5.33) from 5 February 03:00. */
const QUIET_KP = Date.UTC(2026, 1, 4, 6, 0);
const STORM_KP = Date.UTC(2026, 1, 5, 4, 0);
/** The day of 2026's total solar eclipse (Spain), 09:00 in Madrid. */
const ECLIPSE_MORNING = Date.UTC(2026, 7, 12, 7, 0, 30);
/** The fixture nights' day: 17:00 in Charlotte. */
const MOONLESS = '2026-09-13T15:00';
const EVENING = Date.UTC(2026, 8, 13, 21, 0, 30);
/** The element sets' epoch for the passes. */
const TLE_EPOCH = Date.UTC(2026, 8, 14, 0, 0);

const WINNIPEG = { latitude: 49.8951, longitude: -97.1384 };
const LONDON = { latitude: 51.5072, longitude: -0.1276 };
const MADRID = { latitude: 40.4168, longitude: -3.7038 };
const SYDNEY = { latitude: -33.8688, longitude: 151.2093 };

const jwst = articlesTitled([
  'JWST study links sulfur rich gas giants to core growth in distant HR 8799 system',
]);
const others = articlesTitled([
  'Artemis II Flies Around the Moon for All',
  'Crew-12 launches to ISS',
]);

function routeUpstreams(fixtures: FixtureServer) {
  for (const [path, file] of Object.entries(SWPC_FILES)) fixtures.route(path, { file });
  // Unshifted: the engine's clock is set inside the recording.
  fixtures.route('/products/noaa-planetary-k-index-forecast.json', {
    file: 'swpc-noaa-planetary-k-index-forecast-2026-objects.json',
  });
  fixtures.route('/products/alerts.json', { file: 'swpc-alerts.json' });
  const clearLatitude = lookupZip('28202')!.latitude.toFixed(4);
  const json = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  };
  // Charlotte's night is clear and moonless; every other place is overcast.
  fixtures.route('/v1/forecast', (_req: IncomingMessage, res: ServerResponse, url: URL) => {
    const clear = url.searchParams.get('latitude') === clearLatitude;
    json(
      res,
      nightForecast({
        ...CHARLOTTE,
        current: MOONLESS,
        hour: () => (clear ? {} : { low: 100, mid: 100 }),
      }),
    );
  });
  fixtures.route('/v1/air-quality', (_req: IncomingMessage, res: ServerResponse) =>
    json(res, nightAirQuality({ ...CHARLOTTE, current: MOONLESS })),
  );
  fixtures.route('/NORAD/elements/gp.php', {
    body: celestrakTextAt(TLE_EPOCH),
    type: 'text/plain',
  });
  fixtures.route('/space.rss', {
    body: rssOf([...others, ...jwst], Date.UTC(2026, 8, 1)),
    type: 'application/rss+xml',
  });
}

let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await FixtureServer.start();
  routeUpstreams(fixtures);
});
afterAll(() => fixtures?.close());

describe.each(dialects)('alerts wired to the sky and topics modules (%s)', (dialect) => {
  let server: TestServer;
  let ntfy: HttpReceiver;
  const clock = manualClock(QUIET_KP - H);

  beforeAll(async () => {
    ntfy = await startNtfy();
    server = await startTestServer({
      dialect,
      jobs: { clock },
      env: {
        SWPC_URL: fixtures.url,
        OPEN_METEO_URL: fixtures.url,
        OPEN_METEO_AIR_QUALITY_URL: fixtures.url,
        CELESTRAK_URL: fixtures.url,
        FETCH_TIMEOUT_MS: '2000',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await ntfy?.close();
  });

  /** A user at a place, in a time zone, with an ntfy channel of their own and these rules. */
  async function userAt(
    place: { latitude: number; longitude: number } | { zipCode: string },
    timeZone: string,
    triggers: object[],
  ) {
    const user = await createSessionUser(server);
    const client = server.client();
    const headers = { cookie: user.cookie };
    const post = async (path: string, body: unknown) => {
      const res = await client.post(path, body, headers);
      expect(res.status, `${path}: ${res.text}`).toBeLessThan(300);
      return res.body;
    };
    await post('/_api/profile/update_location', place);
    await post('/_api/alerts/settings', { timeZone });
    const topic = `u${user.id}`;
    const channel = (
      await post('/_api/alerts/channels', { kind: 'ntfy', name: 'Phone', url: ntfy.url, topic })
    ).id as number;
    for (const trigger of triggers)
      await post('/_api/alerts/rules', { trigger, channelIds: [channel], enabled: true });
    return {
      user,
      post,
      get: async (path: string) => (await client.get(path, headers)).body,
      received: () => ntfy.received.filter((r) => r.json.topic === topic).map((r) => r.json),
    };
  }
  const tick = (at: number) => {
    clock.set(at);
    return server.ctx.alerts.runJob(at);
  };
  const kinds = async (userId: number) =>
    (
      await server.db
        .selectFrom('alerts')
        .select('kind')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((r) => r.kind);

  it('aurora: a G1 storm alerts where it reaches naked eye in darkness (Winnipeg), not where it stays faint (London)', async () => {
    clock.set(QUIET_KP - H);
    const winnipeg = await userAt(WINNIPEG, 'America/Winnipeg', [
      { kind: 'aurora', minTier: 'naked-eye' },
    ]);
    const london = await userAt(LONDON, 'Europe/London', [
      { kind: 'aurora', minTier: 'naked-eye' },
    ]);
    await tick(QUIET_KP); // Kp 1: camera only at Winnipeg; the rule takes note
    expect(winnipeg.received()).toEqual([]);
    await tick(STORM_KP); // Kp 5.33
    expect(winnipeg.received().map((m) => m.title)).toEqual(['Aurora may be visible now']);
    expect(london.received()).toEqual([]);
    expect(await kinds(london.user.id)).toEqual([]);
  });

  it('sky events: the eclipse day alerts in Madrid, where it is seen, and not in Sydney', async () => {
    clock.set(ECLIPSE_MORNING - 2 * H);
    const madrid = await userAt(MADRID, 'Europe/Madrid', [{ kind: 'sky-event', at: '09:00' }]);
    const sydney = await userAt(SYDNEY, 'Australia/Sydney', [{ kind: 'sky-event', at: '09:00' }]);
    await tick(ECLIPSE_MORNING);
    const titles = madrid.received().map((m) => m.title as string);
    expect(titles).toContain('Today: Total solar eclipse');
    const eclipse = madrid.received().find((m) => m.title === 'Today: Total solar eclipse');
    expect(eclipse.message).toMatch(/^Visible from your place: \d+(\.\d)?% of the Sun covered/);
    expect(sydney.received().map((m) => m.title)).not.toContain('Today: Total solar eclipse');
    // The calendar page says the same of Madrid's day.
    const page = await madrid.get('/_api/sky/events?from=2026-08-12&to=2026-08-13');
    expect(page.events.map((e: { title: string }) => e.title)).toContain('Total solar eclipse');
  });

  it("tonight: Go at 17:00 in Charlotte says what the user's Tonight call says; a cloudy place stays silent", async () => {
    clock.set(EVENING - 3 * H);
    const charlotte = await userAt({ zipCode: '28202' }, 'America/New_York', [
      { kind: 'tonight', at: '17:00' },
    ]);
    const newYork = await userAt({ zipCode: '10001' }, 'America/New_York', [
      { kind: 'tonight', at: '17:00' },
    ]);
    await tick(EVENING - 2 * H); // before 17:00: nothing asked
    expect(charlotte.received()).toEqual([]);
    await tick(EVENING);
    const page = await charlotte.get('/_api/sky/tonight');
    expect(page.verdict).toBe('go');
    expect(charlotte.received().map((m) => [m.title, m.message])).toEqual([
      ['Tonight is Go for stargazing', page.summary],
    ]);
    expect((await newYork.get('/_api/sky/tonight')).verdict).toBe('no-go');
    expect(newYork.received()).toEqual([]);
    await tick(EVENING + 30 * M); // once an evening
    expect(charlotte.received()).toHaveLength(1);
  });

  it("passes: an hour before the ISS's next visible pass, as the passes page predicts it", async () => {
    await refreshElementSets(server.config, server.db, TLE_EPOCH);
    clock.set(TLE_EPOCH);
    const u = await userAt({ zipCode: '28202' }, 'America/New_York', [{ kind: 'pass' }]);
    await u.post('/_api/sky/passes/settings', { minElevation: 10 });
    const place = lookupZip('28202')!;
    const predicted = await createPassService(server.config, server.db)(
      { name: 'Charlotte', latitude: place.latitude, longitude: place.longitude },
      10,
      TLE_EPOCH,
    );
    const next = predicted.passes.find(
      (p) => p.noradId === 25544 && Date.parse(p.visibleFrom) > TLE_EPOCH + 2 * H,
    );
    expect(next, 'a visible ISS pass within the 5 days').toBeDefined();
    const start = Date.parse(next!.visibleFrom);
    await tick(start - H - 2 * M);
    await tick(start - H + 30 * S);
    const stored = await server.db
      .selectFrom('alerts')
      .select(['id', 'payload'])
      .where('user_id', '=', u.user.id)
      .where('kind', '=', 'pass')
      .execute();
    // The alert's place is rounded to 0.1°: the same pass within a minute.
    const mine = stored
      .map((r) => ({ id: r.id, pass: JSON.parse(r.payload).pass }))
      .filter((a) => Math.abs(a.pass.start - start) < 60 * S);
    expect(mine).toHaveLength(1);
    expect(Math.abs(mine[0].pass.maxElevation - next!.visibleMaxElevation)).toBeLessThan(1);
    // Every pass alert went out; this one an hour ahead.
    const titles = u.received().map((m) => m.title as string);
    expect(titles).toHaveLength(stored.length);
    expect(titles.filter((t) => /^ISS pass in (1 hour|59 minutes)$/.test(t))).toHaveLength(1);
    // Looking again, up to the pass, changes nothing: each pass is alerted once.
    for (const before of [H - 90 * S, 40 * M, 10 * M, M]) await tick(start - before);
    expect(
      await server.db.selectFrom('alerts').select('id').where('user_id', '=', u.user.id).execute(),
    ).toHaveLength(stored.length);
  });

  it('stories about a topic: a rule naming "JWST" hears of the JWST story ingested, and not of the others', async () => {
    clock.set(Date.UTC(2026, 8, 20, 12));
    const u = await userAt({ zipCode: '28202' }, 'America/New_York', [
      { kind: 'stories', topic: 'JWST' },
    ]);
    const other = await userAt({ zipCode: '28202' }, 'America/New_York', [
      { kind: 'stories', topic: 'no-such-topic' },
    ]);
    const created = await u.post('/_api/news/sources', {
      name: 'Space news',
      url: `${fixtures.url}/space.rss`,
      sourceType: 'rss',
    });
    const fetched = await u.post('/_api/news/fetch', { sourceIds: [created.id] });
    expect(fetched.newItemsAdded).toBe(3);
    await tick(clock.now() + M);
    await tick(clock.now() + 91 * S);
    expect(u.received().map((m) => m.title)).toEqual([jwst[0].title]);
    expect(other.received()).toEqual([]);
  });
});

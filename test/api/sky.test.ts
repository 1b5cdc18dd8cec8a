// The header strip's calls against a real server, with Open-Meteo and SWPC
// replayed from recorded payloads by the fixture server: answers, caching,
// shared upstream calls, upstream failures, a slow upstream and malformed payloads.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupZip } from '../../src/server/sky/zip';
import { dialects } from '../helpers/database';
import { DEFAULT_PASSWORD, createSignedInUser } from '../helpers/factories';
import { FixtureServer, readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { SWPC_FILES, routeSwpc } from '../helpers/sky-fixtures';

const UNKNOWN_ZIP = 'Unknown US ZIP code.';
const ZIP_FORMAT = 'Invalid zip code format. Must be 5 digits.';

/** Which Open-Meteo behaviour each ZIP's coordinates get from the fixture server. */
const WEATHER_BEHAVIOUR: Record<string, string> = {
  '28202': 'imperial',
  '94103': 'metric',
  '90210': 'status-503',
  '10001': 'slow',
  '99501': 'not-json',
  '60601': 'error-body',
  '02134': 'delayed',
  '80301': 'wrong-types',
};

function openMeteo(fixtures: FixtureServer) {
  const byLatitude = new Map<string, string>();
  for (const [zip, mode] of Object.entries(WEATHER_BEHAVIOUR)) {
    const place = lookupZip(zip);
    if (place) byLatitude.set(place.latitude.toFixed(4), mode);
  }
  fixtures.route('/v1/forecast', async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const mode = byLatitude.get(url.searchParams.get('latitude') ?? '') ?? 'imperial';
    const json = (body: string | Buffer, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    };
    if (mode === 'slow' || mode === 'delayed')
      await new Promise((r) => setTimeout(r, mode === 'slow' ? 4000 : 300));
    if (mode === 'status-503') return json('{"error":true}', 503);
    if (mode === 'not-json') return json('<html>Bad gateway</html>');
    if (mode === 'error-body')
      return json(
        '{"reason":"Latitude must be in range of -90 to 90°. Given: 999.0.","error":true}',
      );
    if (mode === 'metric') return json(readFixture('open-meteo-forecast-metric.json'));
    const body = readFixture('open-meteo-forecast.json');
    if (mode === 'wrong-types')
      return json(
        body.toString('utf8').replace('"temperature_2m":78.3', '"temperature_2m":"78.3"'),
      );
    return json(body);
  });
}

let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await FixtureServer.start();
  openMeteo(fixtures);
  routeSwpc(fixtures);
  // Prefixed copies of SWPC for the failure cases, one server each (the answer is cached).
  const objects = readFixture('swpc-noaa-planetary-k-index-2026-objects.json');
  fixtures.route('/arrays/products/noaa-planetary-k-index.json', {
    file: 'swpc-noaa-planetary-k-index.json',
  });
  fixtures.route('/kp-only/products/noaa-planetary-k-index.json', {
    body: objects,
    type: 'application/json',
  });
  fixtures.route('/kp-malformed/products/noaa-planetary-k-index.json', {
    body: '[{"time_tag":"2026-02-09T15:00:00","Kp":"NaN"}]',
    type: 'application/json',
  });
  fixtures.route('/kp-slow/products/noaa-planetary-k-index.json', {
    body: objects,
    type: 'application/json',
    delayMs: 4000,
  });
  for (const [path, file] of Object.entries(SWPC_FILES)) {
    if (!path.endsWith('noaa-planetary-k-index.json'))
      for (const prefix of ['/arrays', '/kp-malformed', '/kp-missing', '/kp-slow'])
        fixtures.route(prefix + path, { file });
  }
});
afterAll(() => fixtures?.close());

const skyEnv = (swpcPrefix = '') => ({
  OPEN_METEO_URL: fixtures.url,
  SWPC_URL: fixtures.url + swpcPrefix,
  FETCH_TIMEOUT_MS: '1500',
});

describe('weather', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: skyEnv() });
  });
  afterAll(() => server.close());

  it("answers for the caller's ZIP with the place, US units and the stargazing score", async () => {
    const { client } = await createSignedInUser(server, { zipCode: '28202' });
    const res = await client.get('/_api/weather/current');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      locationName: 'Charlotte, NC',
      latitude: 35.229,
      longitude: -80.8419,
      description: 'Partly cloudy',
      conditions: 'Clouds',
      temperature: 78,
      feelsLike: 87,
      uvIndex: 4.5,
      humidity: 85,
      windSpeed: 4,
      visibility: 10,
      pressure: 29.98,
      dewPoint: 73,
      cloudCoverage: 55,
      precipitationAmount: 0,
      stargazingRating: 6,
      stargazingDescription: 'Good conditions for stargazing',
      stargazingExplanation: { visibility: 16100 },
    });
    const request = fixtures.requests.find((r) => r.path.startsWith('/v1/forecast'));
    const query = new URL(request?.path ?? '', fixtures.url).searchParams;
    expect(query.get('timezone')).toBe('auto');
    expect(query.get('latitude')).toBe('35.2290');
  });

  it('reads metric payloads by their units and answers the same', async () => {
    const { client } = await createSignedInUser(server);
    const imperial = await client.get('/_api/weather/current?zipCode=28202');
    const metric = await client.get('/_api/weather/current?zipCode=94103');
    // Everything but the place (and tonight, which depends on where it is) must match.
    const PLACE_FIELDS = new Set(['zipCode', 'locationName', 'latitude', 'longitude', 'tonight']);
    const strip = (b: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(b).filter(([k]) => !PLACE_FIELDS.has(k)));
    expect(metric.body.locationName).toBe('San Francisco, CA');
    expect(strip(metric.body)).toEqual(strip(imperial.body));
  });

  it('refuses a bad or unknown ZIP, and asks for one when none is set', async () => {
    const { client } = await createSignedInUser(server);
    expect(await client.get('/_api/weather/current')).toMatchObject({
      status: 400,
      body: { error: 'Set your ZIP code to see local weather.' },
    });
    expect(await client.get('/_api/weather/current?zipCode=1234')).toMatchObject({
      status: 400,
      body: { error: ZIP_FORMAT },
    });
    expect(await client.get('/_api/weather/current?zipCode=00000')).toMatchObject({
      status: 400,
      body: { error: UNKNOWN_ZIP },
    });
  });

  it('needs a signed-in user', async () => {
    const res = await server.client().get('/_api/weather/current?zipCode=28202');
    expect(res.status).toBe(401);
  });

  it.each([
    ['an upstream error status', '90210', /answered 503/],
    ['a body that is not JSON', '99501', /invalid JSON/],
    ["Open-Meteo's own error body", '60601', /expected format/],
    ['values of the wrong type', '80301', /expected format/],
  ])('answers {error} with the place for %s', async (_name, zip, message) => {
    const { client } = await createSignedInUser(server);
    const res = await client.get(`/_api/weather/current?zipCode=${zip}`);
    expect(res.status).toBe(200);
    expect(res.body.error).toMatch(message);
    const place = lookupZip(zip);
    expect(res.body).toMatchObject({ latitude: place?.latitude, longitude: place?.longitude });
    expect(res.body.temperature).toBeUndefined();
  });

  it('gives up on a slow upstream at the deadline', async () => {
    const { client } = await createSignedInUser(server);
    const res = await client.get('/_api/weather/current?zipCode=10001');
    expect(res.body.error).toBe('Weather data unavailable: Timed out after 1.5 s');
  });

  it('shares one upstream call between concurrent requests and caches the answer', async () => {
    const { client } = await createSignedInUser(server);
    const before = fixtures.requests.length;
    const place = lookupZip('02134');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.get('/_api/weather/current?zipCode=02134')),
    );
    expect(answers.every((a) => a.body.locationName === 'Allston, MA')).toBe(true);
    await client.get('/_api/weather/current?zipCode=02134');
    const calls = fixtures.requests
      .slice(before)
      .filter((r) => r.path.includes(`latitude=${place?.latitude.toFixed(4)}`));
    expect(calls).toHaveLength(1);
  });
});

describe('moon phase', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: skyEnv() });
  });
  afterAll(() => server.close());

  it('computes the Moon for a place', async () => {
    const { client } = await createSignedInUser(server);
    const res = await client.get('/_api/astronomy/moon_phase?latitude=35.229&longitude=-80.8419');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(
      expect.arrayContaining([
        'phaseName',
        'illumination',
        'moonrise',
        'moonset',
        'altitude',
        'azimuth',
        'distanceKm',
        'ageInDays',
        'nextPhaseName',
        'nextPhaseDate',
        'imageUrl',
      ]),
    );
    expect(res.body.distanceKm).toBeGreaterThan(356_000);
    expect(res.body.distanceKm).toBeLessThan(407_000);
    expect(res.body.imageUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(Number.isNaN(Date.parse(res.body.nextPhaseDate))).toBe(false);
  });

  it.each([
    ['latitude=91&longitude=0', 'Latitude must be between -90 and 90'],
    ['latitude=-90.5&longitude=0', 'Latitude must be between -90 and 90'],
    ['latitude=0&longitude=180.01', 'Longitude must be between -180 and 180'],
    ['latitude=0&longitude=-181', 'Longitude must be between -180 and 180'],
    ['latitude=abc&longitude=0', 'Latitude must be between -90 and 90'],
    ['longitude=0', 'Latitude must be between -90 and 90'],
  ])('refuses %s', async (query, message) => {
    const { client } = await createSignedInUser(server);
    const res = await client.get(`/_api/astronomy/moon_phase?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('accepts the edges of the ranges', async () => {
    const { client } = await createSignedInUser(server);
    const res = await client.get('/_api/astronomy/moon_phase?latitude=-90&longitude=180');
    expect(res.status).toBe(200);
  });
});

describe('space weather', () => {
  const servers: TestServer[] = [];
  const start = async (prefix: string) => {
    const s = await startTestServer({ env: skyEnv(prefix) });
    servers.push(s);
    return (await createSignedInUser(s)).client;
  };
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('answers Kp, solar activity, aurora, the 24-hour forecast and active warnings', async () => {
    const client = await start('');
    const res = await client.get('/_api/space-weather/current');
    expect(res.status).toBe(200);
    // The one-minute product (2026-07-09) is newer than the 3-hourly table and refines it.
    expect(res.body).toMatchObject({
      kpIndex: 1.67,
      kpTime: '2026-07-09T10:00:00.000Z',
      solarActivity: expect.stringMatching(/^[ABCMX]\d+\.\d$/),
      aurora: { maxProbability: 24 },
      warnings: [
        'ALERT: Geomagnetic K-index of 4',
        'ALERT: Electron 2MeV Integral Flux exceeded 1000pfu',
      ],
    });
    expect(res.body.kpForecast24h).toHaveLength(8);
    for (const entry of res.body.kpForecast24h) {
      expect(entry.timePeriod).toMatch(/Z$/);
      expect(Number.isFinite(entry.kpIndex)).toBe(true);
    }
  });

  it('reads the old array-of-arrays Kp table', async () => {
    const client = await start('/arrays');
    const res = await client.get('/_api/space-weather/current');
    expect(res.body.kpIndex).toBe(1.67);
    expect(res.body.error).toBeUndefined();
  });

  it('blanks each missing product but still answers with Kp', async () => {
    const client = await start('/kp-only');
    const res = await client.get('/_api/space-weather/current');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      kpIndex: 2,
      kpTime: '2026-02-09T15:00:00.000Z',
      solarActivity: null,
      aurora: null,
      kpForecast24h: [],
      warnings: [],
    });
  });

  it.each([
    ['missing', '/kp-missing', /answered 404/],
    ['malformed', '/kp-malformed', /expected format/],
    ['slow', '/kp-slow', /Timed out after 1.5 s/],
  ])('answers {error} when the Kp product is %s', async (_name, prefix, message) => {
    const client = await start(prefix);
    const res = await client.get('/_api/space-weather/current');
    expect(res.status).toBe(200);
    expect(res.body.error).toMatch(message);
    expect(res.body.kpIndex).toBeUndefined();
  });

  it('needs a signed-in user', async () => {
    await start('');
    const res = await servers[0].client().get('/_api/space-weather/current');
    expect(res.status).toBe(401);
  });
});

describe.each(dialects)('unknown ZIP codes are refused and not saved (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, env: skyEnv() });
  });
  afterAll(() => server.close());

  it('at registration', async () => {
    const client = server.client();
    const body = {
      email: `zip-${dialect}@example.test`,
      password: DEFAULT_PASSWORD,
      displayName: 'Zip Tester',
      zipCode: '00000',
    };
    const refused = await client.post('/_api/auth/register_with_password', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: UNKNOWN_ZIP, message: UNKNOWN_ZIP });
    const bad = await client.post('/_api/auth/register_with_password', { ...body, zipCode: '123' });
    expect(bad.body.message).toBe(ZIP_FORMAT);
    // Nothing was saved: the same address registers with a real ZIP.
    const ok = await client.post('/_api/auth/register_with_password', {
      ...body,
      zipCode: '28202',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.zipCode).toBe('28202');
  });

  it('on update_zip_code', async () => {
    const { client } = await createSignedInUser(server, { zipCode: '28202' });
    const refused = await client.post('/_api/profile/update_zip_code', { zipCode: '99999' });
    expect(refused).toMatchObject({ status: 400, body: { error: UNKNOWN_ZIP } });
    const session = await client.get('/_api/auth/session');
    expect(session.body.user.zipCode).toBe('28202');
    const saved = await client.post('/_api/profile/update_zip_code', { zipCode: '90210' });
    expect(saved.body.user.zipCode).toBe('90210');
    const removed = await client.post('/_api/profile/update_zip_code', { zipCode: null });
    expect(removed.body.user.zipCode).toBeNull();
  });
});

// Issue 28 against a real server and database (SQLite and PostgreSQL): setting a
// place anywhere on Earth (POST /_api/profile/update_location), the city search,
// weather in the user's units, and GET /_api/sky/tonight on fixture nights replayed
// by the fixture server, with upstream failures.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupZip } from '../../src/server/sky/zip';
import { dialects } from '../helpers/database';
import { createSignedInUser, createUser } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { CHARLOTTE, nightAirQuality, nightForecast } from '../helpers/night-fixtures';
import { startTestServer, type TestServer } from '../helpers/server';
import { routeSwpc } from '../helpers/sky-fixtures';

const TROMSO = { latitude: 69.6496, longitude: 18.95508 };
const MOONLESS = '2026-09-13T15:00';

/** Which night each place gets, by the latitude the server asks for. */
function routeNights(fixtures: FixtureServer) {
  const charlotte = lookupZip('28202')?.latitude.toFixed(4);
  const hazy = lookupZip('10001')?.latitude.toFixed(4);
  const down = lookupZip('90210')?.latitude.toFixed(4);
  const json = (res: ServerResponse, body: string, status = 200) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  };
  fixtures.route('/v1/forecast', (_req: IncomingMessage, res: ServerResponse, url: URL) => {
    const lat = url.searchParams.get('latitude');
    if (lat === down) return json(res, '{"error":true}', 503);
    if (lat === TROMSO.latitude.toFixed(4))
      return json(
        res,
        nightForecast({
          latitude: TROMSO.latitude,
          longitude: TROMSO.longitude,
          timezone: 'Europe/Oslo',
          utcOffsetSeconds: 7200,
          current: MOONLESS,
          hour: () => ({ low: 10 }),
        }),
      );
    // Charlotte and New York: a clear, moonless night (New York's is hazy, below).
    const clear = lat === charlotte || lat === hazy;
    return json(
      res,
      nightForecast({ ...CHARLOTTE, current: MOONLESS, hour: () => (clear ? {} : { low: 90 }) }),
    );
  });
  fixtures.route('/v1/air-quality', (_req: IncomingMessage, res: ServerResponse, url: URL) => {
    const lat = url.searchParams.get('latitude');
    if (lat === charlotte && url.searchParams.get('hourly') !== 'aerosol_optical_depth')
      return json(res, '{}', 400);
    if (lat === TROMSO.latitude.toFixed(4)) return json(res, '<html>', 502);
    const aod = lat === hazy ? () => 1.0 : undefined;
    return json(res, nightAirQuality({ ...CHARLOTTE, current: MOONLESS, aod }));
  });
}

let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await FixtureServer.start();
  routeNights(fixtures);
  routeSwpc(fixtures);
});
afterAll(() => fixtures?.close());

describe.each(dialects)('a place anywhere on Earth (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: {
        OPEN_METEO_URL: fixtures.url,
        OPEN_METEO_AIR_QUALITY_URL: fixtures.url,
        SWPC_URL: fixtures.url,
        FETCH_TIMEOUT_MS: '2000',
      },
    });
  });
  afterAll(() => server.close());

  it('refuses bad places with a clear message and changes nothing', async () => {
    const { client, user } = await createSignedInUser(server, { zipCode: '28202' });
    const cases: [unknown, string][] = [
      [{ latitude: 91, longitude: 0 }, 'Latitude must be between -90 and 90'],
      [{ latitude: -90.5, longitude: 0 }, 'Latitude must be between -90 and 90'],
      [{ latitude: 10, longitude: 180.01 }, 'Longitude must be between -180 and 180'],
      [{ latitude: '51.5', longitude: 0 }, 'Latitude must be between -90 and 90'],
      [{ latitude: 51.5 }, 'Give both a latitude and a longitude.'],
      [
        { latitude: 51.5, longitude: 0, zipCode: '28202' },
        'Give either a ZIP code or a latitude and longitude, not both.',
      ],
      [{}, 'Give a ZIP code, a latitude and longitude, or the units to use.'],
      [{ units: 'imperial' }, 'Units must be "us" or "metric".'],
      [{ zipCode: '123' }, 'Invalid zip code format. Must be 5 digits.'],
      [{ zipCode: '00000' }, 'Unknown US ZIP code.'],
    ];
    for (const [body, error] of cases) {
      const res = await client.post('/_api/profile/update_location', body);
      expect({ body, status: res.status, error: res.body.error }).toEqual({
        body,
        status: 400,
        error,
      });
    }
    const row = await server.db
      .selectFrom('users')
      .select(['zip_code', 'latitude', 'units'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ zip_code: '28202', latitude: null, units: null });
    expect((await server.client().post('/_api/profile/update_location', TROMSO)).status).toBe(401);
  });

  it('sets coordinates (named and zoned offline), a ZIP, or units; one place at a time', async () => {
    const { client } = await createSignedInUser(server, { zipCode: '28202' });
    const other = await createUser(server, { zipCode: '10001' });
    const set = await client.post('/_api/profile/update_location', TROMSO);
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({
      zipCode: null,
      location: { ...TROMSO, name: 'Tromsø, Norway', timeZone: 'Europe/Oslo' },
      units: 'metric',
    });
    const us = await client.post('/_api/profile/update_location', { units: 'us' });
    expect(us.body.user).toMatchObject({ location: { name: 'Tromsø, Norway' }, units: 'us' });
    const zip = await client.post('/_api/profile/update_location', { zipCode: '28202' });
    expect(zip.body.user).toMatchObject({ zipCode: '28202', location: null, units: 'us' });
    // The spec's ZIP call replaces coordinates too, and null removes the place.
    await client.post('/_api/profile/update_location', { latitude: -33.87, longitude: 151.21 });
    const back = await client.post('/_api/profile/update_zip_code', { zipCode: '28202' });
    expect(back.body.user).toMatchObject({ zipCode: '28202', location: null });
    const removed = await client.post('/_api/profile/update_zip_code', { zipCode: null });
    expect(removed.body.user).toMatchObject({ zipCode: null, location: null });
    // The session answer carries the place.
    await client.post('/_api/profile/update_location', { latitude: -33.87, longitude: 151.21 });
    const session = await client.get('/_api/auth/session');
    expect(session.body.user.location).toMatchObject({
      name: 'Sydney, Australia',
      timeZone: 'Australia/Sydney',
    });
    // Nobody else's place moved.
    const row = await server.db
      .selectFrom('users')
      .select(['zip_code', 'latitude'])
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ zip_code: '10001', latitude: null });
  });

  it('searches the offline city list', async () => {
    const { client } = await createSignedInUser(server);
    const res = await client.get('/_api/sky/places?q=troms');
    expect(res.status).toBe(200);
    expect(res.body.places[0]).toMatchObject({ name: 'Tromsø', label: 'Tromsø, Norway' });
    expect(await client.get('/_api/sky/places?q=t')).toMatchObject({
      status: 400,
      body: { error: 'Type at least 2 letters of a city name.' },
    });
    expect((await server.client().get('/_api/sky/places?q=troms')).status).toBe(401);
  });

  it('gives the weather of coordinates in the units chosen', async () => {
    const { client } = await createSignedInUser(server);
    await client.post('/_api/profile/update_location', TROMSO);
    const metric = await client.get('/_api/weather/current');
    expect(metric.status).toBe(200);
    // The recorded 78.3 °F, 4 mph, 10 miles, 29.98 inHg.
    expect(metric.body).toMatchObject({
      zipCode: null,
      locationName: 'Tromsø, Norway',
      units: 'metric',
      temperature: 26,
      windSpeed: 6.4,
      visibility: 16.1,
      pressure: 1015,
    });
    await client.post('/_api/profile/update_location', { units: 'us' });
    const us = await client.get('/_api/weather/current');
    expect(us.body).toMatchObject({ units: 'us', temperature: 78, windSpeed: 4, visibility: 10 });
  });
});

describe('GET /_api/sky/tonight', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        OPEN_METEO_URL: fixtures.url,
        OPEN_METEO_AIR_QUALITY_URL: fixtures.url,
        SWPC_URL: fixtures.url,
        FETCH_TIMEOUT_MS: '2000',
      },
    });
  });
  afterAll(() => server.close());

  it('answers the verdict, reasons, best window, hours and aurora for the place', async () => {
    const { client } = await createSignedInUser(server, { zipCode: '28202' });
    const res = await client.get('/_api/sky/tonight');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verdict: 'go',
      reasons: ['clear and dark 8:58 PM–5:39 AM'],
      bestWindow: { label: '8:58 PM–5:39 AM', hours: 8.7 },
      aurora: { tier: 'none', kp: expect.any(Number), kpSource: 'observed', label: 'None' },
      darkness: { kind: 'astronomical', flagged: false },
      place: { name: 'Charlotte, NC', timeZone: 'America/New_York' },
      units: 'us',
      windUnit: 'mph',
      summary: 'Go: clear and dark 8:58 PM–5:39 AM.',
    });
    expect(res.body.hours).toHaveLength(10);
    expect(res.body.hours[0]).toMatchObject({
      hour: '20:00',
      cloud: 0,
      precipitation: 0,
      aod: expect.any(Number),
      usable: true,
      blockers: [],
    });
    expect(res.body.aurora.geomagneticLatitude).toBeCloseTo(44, 0);
  });

  it('names the haze of a hazy night, and says when haze could not be checked', async () => {
    const { client } = await createSignedInUser(server, { zipCode: '10001' });
    const hazy = await client.get('/_api/sky/tonight');
    expect(hazy.body).toMatchObject({
      verdict: 'no-go',
      reasons: ['haze: aerosol optical depth 1.0 all night'],
      bestWindow: null,
    });
    const far = await createSignedInUser(server);
    await far.client.post('/_api/profile/update_location', TROMSO);
    const tromso = await far.client.get('/_api/sky/tonight');
    expect(tromso.status).toBe(200);
    // 69.6°N in mid-September: the Sun does not reach −18°.
    expect(tromso.body.darkness).toMatchObject({ kind: 'nautical', flagged: true });
    expect(tromso.body.units).toBe('metric');
    expect(tromso.body.reasons.at(-1)).toBe('haze not checked: air-quality data unavailable');
  });

  it('asks for a place first, needs a signed-in user, and says when the forecast is down', async () => {
    const { client } = await createSignedInUser(server);
    expect(await client.get('/_api/sky/tonight')).toMatchObject({
      status: 400,
      body: { error: "Set your location to see tonight's verdict." },
    });
    expect((await server.client().get('/_api/sky/tonight')).status).toBe(401);
    const down = await createSignedInUser(server, { zipCode: '90210' });
    const res = await down.client.get('/_api/sky/tonight');
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/^Forecast data unavailable: .* answered 503$/);
  });
});

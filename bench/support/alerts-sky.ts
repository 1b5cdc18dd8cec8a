// bench/alerts.ts's sky half: 10,000 users with aurora, ISS-pass, sky-event and
// tonight rules, at BENCH_PLACES distinct places (users share places, as ZIP
// codes and cities make them do), evaluated by the real sky sources
// (alerts/sky-sources.ts) against the recorded SWPC products and Open-Meteo
// fixture nights on a local fixture server, and CelesTrak element sets stored
// as the sky-tles job stores them. "One new event" is the G1 storm in the
// recorded Kp product arriving (5 February 2026 03:00 UTC).
import { createAlertEngine } from '../../src/server/alerts/engine';
import { moduleSources } from '../../src/server/alerts/sources';
import { loadConfig } from '../../src/server/config';
import type { DB, Dialect } from '../../src/server/db/database';
import { timeZoneAt } from '../../src/server/sky/place';
import { createSkyService } from '../../src/server/sky/service';
import { parseTleText, storeElementSets } from '../../src/server/sky/tle';
import { FixtureServer } from '../../test/helpers/fixture-server';
import { CHARLOTTE, nightAirQuality, nightForecast } from '../../test/helpers/night-fixtures';
import { SWPC_FILES } from '../../test/helpers/sky-fixtures';
import { celestrakTextAt } from '../../test/helpers/tle-fixtures';
import { loadAverage, silentLog } from './harness';

const PLACES = Number(process.env.BENCH_PLACES ?? 1000);
const QUIET_KP = Date.UTC(2026, 1, 4, 6, 0);
const STORM_KP = Date.UTC(2026, 1, 5, 4, 0);

const cpuSeconds = (start: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(start);
  return ((u.user + u.system) / 1e6).toFixed(2);
};

/** Deterministic places over North America and Europe (mulberry32). */
function places(n: number) {
  let a = 42;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, (_, i) => {
    const europe = i % 3 === 0;
    const latitude = Math.round((europe ? 36 + rand() * 24 : 28 + rand() * 25) * 1e4) / 1e4;
    const longitude = Math.round((europe ? -9 + rand() * 35 : -122 + rand() * 52) * 1e4) / 1e4;
    return { latitude, longitude, timeZone: timeZoneAt(latitude, longitude) };
  });
}

const KINDS = [
  { kind: 'aurora', minTier: 'naked-eye' },
  { kind: 'pass' },
  { kind: 'sky-event', at: '09:00' },
  { kind: 'tonight', at: '17:00' },
] as const;

async function seed(db: DB, users: number, now: number) {
  const where = places(PLACES);
  for (let i = 0; i < users; i += 500) {
    const n = Math.min(500, users - i);
    const ids = (
      await db
        .insertInto('users')
        .values(
          Array.from({ length: n }, (_, k) => {
            const email = `sky-${i + k}@alerts.test`;
            const p = where[(i + k) % where.length];
            return {
              email,
              email_normalized: email,
              display_name: `Sky ${i + k}`,
              password_hash: 'x',
              role: 'user' as const,
              latitude: p.latitude,
              longitude: p.longitude,
              place_name: null,
              time_zone: p.timeZone,
              created_at: now,
              updated_at: now,
            };
          }),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const channels = await db
      .insertInto('alert_channels')
      .values(
        ids.map((user_id) => ({
          user_id,
          kind: 'webhook',
          name: 'Hook',
          config: JSON.stringify({ url: 'http://127.0.0.1:9/hook' }),
          token: null,
          secret: 'b'.repeat(64),
          origin: 'https://astro.test',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    const channelOf = new Map(channels.map((c) => [c.user_id, c.id]));
    const rules = await db
      .insertInto('alert_rules')
      .values(
        ids.flatMap((user_id) =>
          KINDS.map((trigger) => ({
            user_id,
            trigger_kind: trigger.kind,
            trigger: JSON.stringify(trigger),
            enabled: 1 as const,
            override_quiet: 0 as const,
            enabled_at: now - 60_000,
            cursor: null,
            state: null,
            created_at: now,
            updated_at: now,
          })),
        ),
      )
      .returning(['id', 'user_id'])
      .execute();
    await db
      .insertInto('alert_rule_channels')
      .values(rules.map((r) => ({ rule_id: r.id, channel_id: channelOf.get(r.user_id)! })))
      .execute();
  }
}

export async function skyEvaluation(
  database: { db: DB; dialect: Dialect; dataDir: string },
  users: number,
  log: (line: string) => void,
) {
  const fixtures = await FixtureServer.start();
  for (const [path, file] of Object.entries(SWPC_FILES)) fixtures.route(path, { file });
  fixtures.route('/products/noaa-planetary-k-index-forecast.json', {
    file: 'swpc-noaa-planetary-k-index-forecast-2026-objects.json',
  });
  fixtures.route('/products/alerts.json', { file: 'swpc-alerts.json' });
  const night = nightForecast({ ...CHARLOTTE, current: '2026-02-04T15:00', hour: () => ({}) });
  const air = nightAirQuality({ ...CHARLOTTE, current: '2026-02-04T15:00' });
  let forecasts = 0;
  fixtures.route('/v1/forecast', (_req, res) => {
    forecasts++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(night);
  });
  fixtures.route('/v1/air-quality', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(air);
  });
  const { db, dialect } = database;
  try {
    const t0 = performance.now();
    await seed(db, users, QUIET_KP - 3_600_000);
    await storeElementSets(db, parseTleText(celestrakTextAt(QUIET_KP)), QUIET_KP);
    log(
      `seeded ${users} users at ${PLACES} places with aurora, pass, sky-event and tonight rules in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      SWPC_URL: fixtures.url,
      OPEN_METEO_URL: fixtures.url,
      OPEN_METEO_AIR_QUALITY_URL: fixtures.url,
      FETCH_ALLOW_PRIVATE_NETWORK: 'true',
    });
    // The real sources, timed: how much of a look is the sky's answers for the users' places.
    const real = moduleSources({ db, config, sky: createSkyService(config, silentLog) });
    let inSources = 0;
    const timed =
      <A extends unknown[], R>(f: (...args: A) => Promise<R>) =>
      async (...args: A) => {
        const t = performance.now();
        try {
          return await f(...args);
        } finally {
          inSources += performance.now() - t;
        }
      };
    const sources = {
      ...real,
      aurora: timed((ids: number[], now: number) => real.aurora(ids, now)),
      tonight: timed((ids: number[], now: number) => real.tonight(ids, now)),
      passes: timed((ids: number[], now: number) => real.passes(ids, now)),
      skyEvents: timed((ids: number[], now: number) => real.skyEvents(ids, now)),
    };
    const engine = createAlertEngine({ config, db, dialect, log: silentLog }, { sources });
    const count = async (kind: string) =>
      (
        await db
          .selectFrom('alerts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', 'like', `${kind}%`)
          .executeTakeFirstOrThrow()
      ).n;
    const look = async (name: string, at: number) => {
      const cpu = process.cpuUsage();
      const start = performance.now();
      inSources = 0;
      const figures = await engine.detect(at);
      const ms = performance.now() - start;
      log(
        `${users} users' sky rules (${PLACES} places), ${name} (${dialect}): ${ms.toFixed(0)} ms ` +
          `(sky sources ${inSources.toFixed(0)} ms), ${cpuSeconds(cpu)} CPU-s; ` +
          `${figures.skyAlerts} alerts stored; load ${loadAverage()}`,
      );
    };
    // 06:00 UTC: evening in North America (no 17:00 due yet there), morning in Europe.
    await look('first look (SWPC fetched, passes of the hour worked out per place)', QUIET_KP);
    await look('a minute later (warm)', QUIET_KP + 60_000);
    await look('the G1 storm arrives (Kp 1 → 5.33): one new event', STORM_KP);
    log(
      `  aurora alerts ${await count('aurora.')}, pass alerts ${await count('pass')}, sky-event alerts ${await count('sky-event')}`,
    );
    // 17:00 UTC: 17:00 in every rule (no settings: UTC), so every tonight rule is due at once.
    const evening = Date.UTC(2026, 1, 4, 17, 0, 30);
    forecasts = 0;
    await look('17:00: every tonight rule due (cold forecasts, one per place)', evening);
    const cold = forecasts;
    await look('a minute later (forecasts cached)', evening + 60_000);
    log(
      `  tonight alerts ${await count('tonight.')}; Open-Meteo forecast calls: ${cold} cold, ${forecasts - cold} warm`,
    );
    await engine.stop();
  } finally {
    await fixtures.close();
  }
}

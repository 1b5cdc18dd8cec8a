// The launches module wired to the others, on a real server and database
// (SQLite and PostgreSQL), with recorded Launch Library 2 launches in the store:
// a topic's page lists the launches that name it with their date changes, and
// launch alerts fire from the store, for every launch, a provider's, or the
// launches of the topics a user follows; a NET known only to the month makes
// no countdowns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLaunchRecord, type LaunchRecord } from '../../src/server/launches/records';
import { storeLaunches } from '../../src/server/launches/repository';
import { manualClock } from '../../src/server/jobs/clock';
import type { TopicLaunch } from '../../src/shared/topics';
import { dialects } from '../helpers/database';
import { createSessionUser } from '../helpers/factories';
import { readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (t: number) => new Date(t).toISOString();

/** Recorded launches (detailed mode): a Falcon 9 Starlink flight and a Long March 3B/E. */
const recorded = (
  JSON.parse(readFixture('ll2-upcoming-detailed-mode.json').toString('utf8')) as {
    results: unknown[];
  }
).results.map((r) => toLaunchRecord(r)!);
const starlink = recorded.find((r) => r.name.includes('Starlink'))!;
const longMarch = recorded.find((r) => r.name.startsWith('Long March'))!;
const at = (r: LaunchRecord, net: number, over: Partial<LaunchRecord> = {}): LaunchRecord => ({
  ...r,
  net: iso(net),
  windowStart: iso(net),
  windowEnd: iso(net + HOUR),
  ...over,
});

describe.each(dialects)('launches wired to topics and alerts (%s)', (dialect) => {
  let server: TestServer;
  const now = Date.now();
  const clock = manualClock(now);
  const net = now + 2 * DAY;

  beforeAll(async () => {
    server = await startTestServer({ dialect, jobs: { clock } });
    // First seen two days ago, then moved 4 hours later; the Long March one known only to the month.
    await storeLaunches(server.db, [at(starlink, net - 4 * HOUR)], now - 2 * DAY, true);
    await storeLaunches(server.db, [at(starlink, net)], now - DAY, true);
    await storeLaunches(
      server.db,
      [at(longMarch, now + 20 * DAY, { netPrecision: 'Month', statusId: 1, statusAbbrev: 'Go' })],
      now - DAY,
      true,
    );
  });
  afterAll(() => server?.close());

  async function user() {
    const u = await createSessionUser(server);
    const client = server.client();
    const headers = { cookie: u.cookie };
    const post = async (path: string, body: unknown) => {
      const res = await client.post(path, body, headers);
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      return res.body;
    };
    return { ...u, post, get: async (path: string) => (await client.get(path, headers)).body };
  }

  it("lists a topic's launches with their date changes, and none on a topic they do not name", async () => {
    const u = await user();
    const page = await u.get('/_api/topics/starlink');
    const launches = page.launches as TopicLaunch[];
    expect(launches.map((l) => l.name)).toEqual([starlink.name]);
    expect(launches[0]).toMatchObject({
      id: starlink.id,
      net: iso(net),
      moves: { count: 1, shiftSeconds: 4 * 3600 },
    });
    expect(launches[0].history.map((h) => h.net)).toEqual([iso(net - 4 * HOUR), iso(net)]);
    // The provider's and the vehicle's topics hold it too; a telescope's does not.
    expect((await u.get('/_api/topics/spacex')).launches.map((l: TopicLaunch) => l.id)).toContain(
      starlink.id,
    );
    expect((await u.get('/_api/topics/james-webb-space-telescope')).launches).toEqual([]);
  });

  it('alerts from the store: every launch, a provider, the followed topics; a month-only NET has no countdowns', async () => {
    const rule = (scope: object) => ({
      trigger: {
        kind: 'launch',
        before: ['24h', '1h', '10m'],
        moved: true,
        holds: true,
        liftoff: true,
        outcome: true,
        ...scope,
      },
      channelIds: [],
      enabled: true,
    });
    const everyone = await user();
    const spacex = await user();
    const follower = await user();
    const other = await user();
    const channel = async (u: Awaited<ReturnType<typeof user>>) =>
      (
        await u.post('/_api/alerts/channels', {
          kind: 'webhook',
          name: 'Hook',
          url: 'http://127.0.0.1:9/hook',
        })
      ).id as number;
    for (const [u, scope] of [
      [everyone, { scope: 'all' }],
      [spacex, { scope: 'provider', provider: 'SpaceX' }],
      [follower, { scope: 'followed' }],
      [other, { scope: 'followed' }],
    ] as const)
      await u.post('/_api/alerts/rules', { ...rule(scope), channelIds: [await channel(u)] });
    await follower.post('/_api/topics/follow', { slug: 'starlink', follow: true });
    await other.post('/_api/topics/follow', { slug: 'james-webb-space-telescope', follow: true });

    await server.ctx.alerts.detect(now);
    const alerts = async (userId: number) =>
      (
        await server.db
          .selectFrom('alerts')
          .select(['kind', 'payload'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute()
      ).map((a) => `${a.kind} ${JSON.parse(a.payload).launch?.name}`);
    const countdowns = [`launch.countdown ${starlink.name}`];
    for (const u of [everyone, spacex, follower])
      expect(await alerts(u.id)).toEqual([...countdowns, ...countdowns, ...countdowns]);
    expect(await alerts(other.id)).toEqual([]);

    // Liftoff, as the next poll stores it: every rule that wants the launch hears of it.
    clock.set(net + 60_000);
    await storeLaunches(
      server.db,
      [at(starlink, net, { statusId: 6, status: 'Launch in Flight', statusAbbrev: 'In Flight' })],
      net + 60_000,
      true,
    );
    await server.ctx.alerts.detect(net + 60_000);
    for (const u of [everyone, spacex, follower])
      expect((await alerts(u.id)).at(-1)).toBe(`launch.liftoff ${starlink.name}`);
    expect(await alerts(other.id)).toEqual([]);
  });
});

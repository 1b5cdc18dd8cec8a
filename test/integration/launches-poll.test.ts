// The launch poller over a real database and real HTTP, driven by the job runner
// on a hand-moved clock against a Launch Library stand-in (helpers/ll2-world.ts):
// what is stored and when history is written, detailed mode near T−0 only, the
// call budget (persistent, shared by two connections), a 429 and LL2's throttle
// endpoint, and a 7-day replay of 3 launches a day with slips and a scrub.
import os from 'node:os';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DB } from '../../src/server/db/database';
import { manualClock, type ManualClock } from '../../src/server/jobs/clock';
import { launchScheduleJob } from '../../src/server/jobs/launch-schedule';
import * as jobsRepo from '../../src/server/jobs/repository';
import { createJobRunner, type JobRunner } from '../../src/server/jobs/runner';
import { reserveCall } from '../../src/server/launches/budget';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';
import {
  Ll2World,
  callFigures,
  statusName,
  type WorldEvent,
  type WorldLaunch,
} from '../helpers/ll2-world';

const log = pino({ enabled: false });
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const START = Date.parse('2026-03-02T00:00:00Z');

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function launch(n: number, net: number, extra: Partial<WorldLaunch> = {}): WorldLaunch {
  return {
    id: id(n),
    name: `Falcon 9 Block 5 | Starlink Group 17-${n}`,
    net,
    netPrecision: 'Minute',
    statusId: 1,
    status: statusName(1),
    windowMs: 2 * HOUR,
    ...extra,
  };
}

const status = (statusId: number) => ({ statusId, status: statusName(statusId) });

/** Liftoff at T and the outcome nine minutes later. */
const flies = (l: WorldLaunch, at: number, outcome = 3): WorldEvent[] => [
  { at, launchId: l.id, change: { ...status(6), comment: 'Liftoff.' } },
  { at: at + 9 * MIN, launchId: l.id, change: { ...status(outcome), comment: 'Launch over.' } },
];

interface Harness {
  database: TestDatabase;
  clock: ManualClock;
  world: Ll2World;
  runner: JobRunner;
  db: DB;
}

describe.each(dialects)('launch poller (%s)', (dialect) => {
  const open: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of open.splice(0).toReversed()) await close();
  });

  async function harness(
    launches: WorldLaunch[],
    events: WorldEvent[],
    options: { version?: '2.2.0' | '2.3.0'; token?: string; db?: TestDatabase } = {},
  ): Promise<Harness> {
    const database = options.db ?? (await createTestDatabase(dialect));
    if (!options.db) open.push(() => database.destroy());
    const clock = manualClock(START);
    const world = new Ll2World(launches, events, () => clock.now(), START - 10 * DAY);
    const base = await world.start(options.version);
    open.push(() => world.close());
    const config = loadConfig({
      DATA_DIR: os.tmpdir(),
      LAUNCH_LIBRARY_URL: base,
      INGEST_WORKERS: '0',
      ...(options.token ? { LAUNCH_LIBRARY_TOKEN: options.token } : {}),
    });
    const runner = createJobRunner({
      db: database.db,
      log,
      definitions: [launchScheduleJob({ config, db: database.db, log })],
      clock,
    });
    open.push(() => runner.stop());
    await runner.ensureJobs();
    return { database, clock, world, runner, db: database.db };
  }

  const stored = (db: DB) => db.selectFrom('launches').selectAll().orderBy('net').execute();
  const history = (db: DB, launchId: string) =>
    db
      .selectFrom('launch_history')
      .selectAll()
      .where('launch_id', '=', launchId)
      .orderBy('id')
      .execute();
  const nextRun = async (db: DB) =>
    (await jobsRepo.findJobRow(db, 'launch-schedule'))!.next_run_at!;

  it('stores a sweep with a first history row each, and writes history only when net, precision, status or window change', async () => {
    const a = launch(1, START + 3 * DAY);
    const b = launch(2, START + 5 * DAY, { netPrecision: 'Month', ...status(2) });
    const { db, clock, runner, world } = await harness(
      [a, b],
      [
        { at: START + 2 * HOUR, launchId: a.id, change: { comment: 'Nothing tracked changed.' } },
        { at: START + 4 * HOUR, launchId: a.id, change: { net: a.net + 3 * HOUR } },
        { at: START + 6 * HOUR, launchId: b.id, change: { netPrecision: 'Day', ...status(8) } },
        { at: START + 8 * HOUR, launchId: a.id, change: { windowMs: 3 * HOUR } },
      ],
    );
    expect((await runner.run('launch-schedule')).status).toBe('success');
    expect((await stored(db)).map((r) => [r.id, r.net, r.net_precision, r.status])).toEqual([
      [a.id, a.net, 'Minute', 'Go for Launch'],
      [b.id, b.net, 'Month', 'To Be Determined'],
    ]);
    expect(await history(db, a.id)).toHaveLength(1);
    // The first call is a full sweep from a week ago on (2.3.0's launches/, normal mode).
    const first = new URL(world.calls[0].path, 'http://x');
    expect(first.pathname).toBe('/2.3.0/launches/');
    expect(Object.fromEntries(first.searchParams)).toMatchObject({
      ordering: 'net',
      mode: 'normal',
      net__gte: new Date(START - 7 * DAY).toISOString().replace('.000Z', 'Z'),
    });

    for (const hour of [2, 4, 6, 8]) {
      clock.set(START + hour * HOUR);
      expect((await runner.run('launch-schedule')).status).toBe('success');
    }
    // Later sweeps ask only for what changed (2.3.0's last_updated__gte).
    expect(world.calls.slice(1).every((c) => c.path.includes('last_updated__gte='))).toBe(true);
    const ha = await history(db, a.id);
    expect(ha.map((h) => [h.net, h.window_end! - h.net!])).toEqual([
      [a.net, 2 * HOUR],
      [a.net + 3 * HOUR, 2 * HOUR],
      [a.net + 3 * HOUR, 3 * HOUR],
    ]);
    expect((await history(db, b.id)).map((h) => [h.net_precision, h.status])).toEqual([
      ['Month', 'To Be Determined'],
      ['Day', 'To Be Confirmed'],
    ]);
    const rows = await stored(db);
    expect(rows.map((r) => r.changes)).toEqual([2, 1]);
  });

  it('asks detailed mode only for launches within 48 h, and keeps their LL2 comments', async () => {
    const near = launch(1, START + 30 * HOUR);
    const far = launch(2, START + 4 * DAY);
    const { db, runner, world } = await harness(
      [near, far],
      [{ at: START - HOUR, launchId: near.id, change: { comment: 'Now targeting 06:00 UTC.' } }],
    );
    await runner.run('launch-schedule');
    const detail = world.calls.find((c) => c.path.includes('mode=detailed'));
    expect(detail).toBeDefined();
    const q = new URL(detail!.path, 'http://x').searchParams;
    expect(Date.parse(q.get('net__lte')!)).toBe(START + 48 * HOUR);
    const rows = new Map((await stored(db)).map((r) => [r.id, r]));
    expect(JSON.parse(rows.get(near.id)!.updates)).toEqual([
      expect.objectContaining({ comment: 'Now targeting 06:00 UTC.', createdBy: 'LL2' }),
    ]);
    expect(JSON.parse(rows.get(far.id)!.updates)).toEqual([]);
    expect(world.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
    // Nothing changed near T−0: the next poll makes no detailed call.
    await runner.run('launch-schedule');
    expect(world.calls.filter((c) => c.path.includes('mode=detailed'))).toHaveLength(1);
  });

  it('2.2.0: full sweeps on launch/, with the key when one is set', async () => {
    const { db, runner, world, clock } = await harness([launch(1, START + 3 * DAY)], [], {
      version: '2.2.0',
      token: 'secret-key',
    });
    await runner.run('launch-schedule');
    clock.advance(4 * HOUR);
    await runner.run('launch-schedule');
    expect(world.calls.map((c) => new URL(c.path, 'http://x').pathname)).toEqual([
      '/2.2.0/launch/',
      '/2.2.0/launch/',
    ]);
    expect(world.calls.some((c) => c.path.includes('last_updated__gte'))).toBe(false);
    expect(world.requests.every((r) => r.headers.authorization === 'Token secret-key')).toBe(true);
    expect(await stored(db)).toHaveLength(1);
  });

  it('never makes more than 12 calls in an hour: Run Now says when a poll is possible again, for every connection', async () => {
    const soon = launch(1, START + 20 * HOUR);
    const h = await harness([soon], []);
    // The first poll also asks for details (the launch is within 48 h): 11 polls, 12 calls.
    for (let i = 0; i < 11; i++) {
      h.clock.set(START + i * MIN);
      expect((await h.runner.run('launch-schedule')).status).toBe('success');
    }
    const made = h.world.calls.length;
    expect(made).toBe(12);
    h.clock.set(START + 30 * MIN);
    const refused = await h.runner.run('launch-schedule');
    expect(refused).toMatchObject({
      status: 'error',
      run: {
        error:
          'The Launch Library budget is spent (12 calls in the last hour); a poll is possible again at 01:00 UTC.',
      },
    });
    expect(h.world.calls).toHaveLength(made);

    // Another process on the same database sees the same budget.
    const other = openDatabase(h.database.options).db;
    open.push(() => other.destroy());
    expect(await reserveCall(other, 'sweep', START + 30 * MIN)).toEqual({
      ok: false,
      reason: 'budget',
      retryAt: START + HOUR,
    });
    // The next call is free when the first one is an hour old.
    h.clock.set(START + HOUR);
    expect((await h.runner.run('launch-schedule')).status).toBe('success');
    expect(h.world.calls).toHaveLength(made + 1);
    expect(callFigures(h.world.calls)).toEqual({ maxPerHour: 12, refused: 0 });
  });

  // Two PostgreSQL connections are two instances. (Two SQLite connections in one thread
  // cannot both wait on the write lock; across threads, IMMEDIATE transactions take turns.)
  it.runIf(dialect === 'postgres')(
    'two connections reserving at once never take more than 12 calls',
    async () => {
      const database = await createTestDatabase(dialect);
      open.push(() => database.destroy());
      const other = openDatabase(database.options).db;
      open.push(() => other.destroy());
      const attempts = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          reserveCall(i % 2 ? other : database.db, 'sweep', START + i),
        ),
      );
      expect(attempts.filter((a) => a.ok)).toHaveLength(12);
    },
  );

  it('after a 429 it waits as long as the throttle endpoint says', async () => {
    const h = await harness([launch(1, START + 3 * DAY)], []);
    h.world.forcedThrottle = { until: START + 25 * MIN };
    expect(await h.runner.run('launch-schedule')).toMatchObject({
      status: 'error',
      run: {
        error: expect.stringMatching(
          /rate limit reached \(429\); polling resumes at 2026-03-02T00:25:00/,
        ),
      },
    });
    expect(h.world.calls.map((c) => new URL(c.path, 'http://x').pathname)).toEqual([
      '/2.3.0/launches/',
      '/2.3.0/api-throttle/',
    ]);
    expect(await nextRun(h.db)).toBe(START + 25 * MIN);
    h.clock.set(START + 10 * MIN);
    expect(await h.runner.run('launch-schedule')).toMatchObject({
      run: {
        error: 'Launch Library is throttling AstroDash; a poll is possible again at 00:25 UTC.',
      },
    });
    expect(h.world.calls).toHaveLength(2);
    h.clock.set(START + 25 * MIN);
    await h.runner.tick();
    expect(await stored(h.db)).toHaveLength(1);
  });

  it('a 7-day replay: 3 launches a day with slips, a refined date and a scrub; 0 calls over the limit, every change noticed within one poll interval', async () => {
    const at = (day: number, hour: number) => START + day * DAY + hour * HOUR;
    const days = [
      [3, 9.5, 21],
      [2, 2.5, 20],
      [8, 13, 22.75],
      [0.5, 1, 1.5],
      [23, 23.5, 23.83],
      [12, 14, 18],
      [6, 10, 16],
    ];
    const launches: WorldLaunch[] = [];
    const events: WorldEvent[] = [];
    let n = 0;
    days.forEach((hours, day) =>
      hours.forEach((hour) => launches.push(launch(++n, Math.round(at(day, hour) / MIN) * MIN))),
    );
    const L = (i: number) => launches[i];
    const finalNet = new Map(launches.map((l) => [l.id, l.net]));
    const move = (
      i: number,
      when: number,
      by: number,
      extra: Partial<WorldLaunch> = {},
      comment = 'Delayed.',
    ) => {
      const net = finalNet.get(L(i).id)! + by;
      finalNet.set(L(i).id, net);
      events.push({ at: when, launchId: L(i).id, change: { net, ...extra, comment } });
    };
    // Day 0 #2 slips two hours five hours out, and again 40 minutes inside T−1 h.
    move(1, L(1).net - 5 * HOUR, 2 * HOUR);
    move(1, L(1).net + 2 * HOUR - 50 * MIN, 40 * MIN);
    // Day 2 #1 is first known as "March" and refined to its minute on day 1.
    launches[6] = {
      ...L(6),
      net: Date.parse('2026-03-31T00:00:00Z'),
      netPrecision: 'Month',
      ...status(2),
    };
    events.push({
      at: at(1, 10),
      launchId: L(6).id,
      change: {
        net: finalNet.get(L(6).id)!,
        netPrecision: 'Minute',
        ...status(8),
        comment: 'NET set.',
      },
    });
    events.push({ at: at(1, 12), launchId: L(6).id, change: { ...status(1) } });
    // Day 3 #2 holds at T−10 min and scrubs at T−5 min for a day.
    events.push({
      at: L(10).net - 10 * MIN,
      launchId: L(10).id,
      change: { ...status(5), comment: 'Hold.' },
    });
    move(10, L(10).net - 5 * MIN, DAY, status(1), 'Scrubbed for the day.');
    // Day 5 #1 moves 6 h on day 2; day 6 #3's window widens on day 5.
    move(15, at(2, 6), 6 * HOUR);
    events.push({ at: at(5, 3), launchId: L(20).id, change: { windowMs: 4 * HOUR } });
    // Everything that stays on the schedule flies at its final NET (day 5 #3 fails).
    for (const l of launches) {
      const t = finalNet.get(l.id)!;
      if (t < START + 7 * DAY) events.push(...flies(l, t, l === L(17) ? 4 : 3));
    }

    const h = await harness(launches, events);
    const END = START + 7 * DAY;
    const polls: number[] = [];
    const tracked = (rows: Awaited<ReturnType<typeof stored>>) =>
      new Map(
        rows.map((r) => [r.id, [r.net, r.net_precision, r.status, r.window_start, r.window_end]]),
      );
    let noticedLate = 0;
    for (;;) {
      const next = await nextRun(h.db);
      if (next >= END) break;
      h.clock.set(next);
      await h.runner.tick();
      polls.push(h.clock.now());
      // Every change so far is stored: the poll after a change notices it.
      const world = new Map(
        h.world
          .stateAt(next)
          .filter((l) => l.net >= next - 7 * DAY)
          .map((l) => [l.id, [l.net, l.netPrecision, l.status, l.net, l.net + l.windowMs]]),
      );
      const mine = tracked(await stored(h.db));
      for (const [key, value] of world)
        if (JSON.stringify(mine.get(key)) !== JSON.stringify(value)) noticedLate++;
    }
    expect(noticedLate).toBe(0);

    // The gaps: never longer than the cadence the issue asks for at the gap's end,
    // given the next launch as the world stood at the gap's start.
    const cadence = (d: number) =>
      d > DAY ? 4 * HOUR : d > 12 * HOUR ? 2 * HOUR : d > HOUR ? HOUR : 20 * MIN;
    let worst = 0;
    for (let i = 1; i < polls.length; i++) {
      const [from, to] = [polls[i - 1], polls[i]];
      const ahead = h.world
        .stateAt(from)
        .filter((l) => l.net > from && l.netPrecision === 'Minute' && ![3, 4].includes(l.statusId))
        .map((l) => l.net);
      const next = ahead.length ? Math.min(...ahead) : Infinity;
      expect
        .soft(to - from, `gap ending ${new Date(to).toISOString()}`)
        .toBeLessThanOrEqual(cadence(next - to + 1));
      worst = Math.max(worst, (to - from) / cadence(next - to + 1));
    }
    // Once at T+60 s for every launch that flew.
    const flown = launches.map((l) => finalNet.get(l.id)!).filter((t) => t < END - MIN);
    expect(flown.filter((t) => !polls.includes(t + MIN))).toEqual([]);

    const figures = callFigures(h.world.calls);
    console.log(
      `[launch replay ${dialect}] 7 days, ${launches.length} launches, ${events.length} changes: ` +
        `${polls.length} polls, ${h.world.calls.length} calls, at most ${figures.maxPerHour} in an hour, ` +
        `${figures.refused} refused; longest gap ${Math.round(worst * 100)} % of its cadence`,
    );
    expect(figures.refused).toBe(0);
    expect(figures.maxPerHour).toBeLessThanOrEqual(12);
  });
});

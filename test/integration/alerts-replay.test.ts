// A week of alerts replayed on a fake clock (test/integration/support/
// alerts-scenario.ts: 50 launches with slips, holds and TBDs, 2 geomagnetic
// storms, 21 evenings of which 20 clear, 200 matching stories), by engine
// processes of their own: one killed with kill -9 mid-week and started again
// (SQLite and PostgreSQL), and two side by side on PostgreSQL. Aurora, tonight,
// ISS passes and sky events come from the real sky module at each user's place,
// its upstreams replayed by a fixture server (support/alerts-sky-upstreams.ts:
// SWPC's Kp product with the storms, Open-Meteo forecasts, CelesTrak element
// sets in the database). Each alert must arrive exactly once, countdowns within
// 60 s of the current NET, nothing in a user's quiet hours but the "now" events
// they let through.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertEngine } from '../../src/server/alerts/engine';
import { clockMinutes, quietUntil } from '../../src/server/local-time';
import * as service from '../../src/server/alerts/service';
import { COUNTDOWN_MS } from '../../src/server/alerts/triggers/launch';
import { updateLocation } from '../../src/server/account/profile';
import { loadConfig } from '../../src/server/config';
import { setMinPassElevation } from '../../src/server/sky/sky-repository';
import { parseTleText, storeElementSets } from '../../src/server/sky/tle';
import type { Countdown } from '../../src/shared/alerts';
import { startNtfy } from '../helpers/alert-receivers';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';
import { createItem, createSource, createUser } from '../helpers/factories';
import { stopSpawnedProcesses, trackProcess } from '../helpers/server-process';
import { celestrakTextAt } from '../helpers/tle-fixtures';
import {
  QUIET,
  STORY_QUERY,
  evenings,
  inputTimes,
  makeScenario,
  sunAltitude,
  type Scenario,
} from './support/alerts-scenario';
import {
  auroraTierAt,
  morningEvents,
  passesOverUsers,
  startSkyUpstreams,
} from './support/alerts-sky-upstreams';

const CHILD = path.join(import.meta.dirname, 'support/alerts-replay-child.ts');
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const DAY = 24 * H;
// A week around a new Moon (21 October 2025), so every clear night is Go.
const START = Date.UTC(2025, 9, 17, 12, 0);
/** The users' minimum pass elevation: low, so each place sees several ISS passes. */
const PASS_MIN_ELEVATION = 10;
const NOW_EVENTS = new Set(['launch.liftoff', 'pass', 'aurora.rise']);

interface Arrival {
  t: number;
  /** When it arrived (wall clock), to tell a send in flight when its process was killed. */
  real: number;
  user: number;
  event: string;
  id: string;
  data: any;
  title: string;
}

/** An engine process driven step by step; resolves 'died' when it is killed mid-step. */
class Instance {
  child!: ChildProcess;
  private waiting: ((r: 'done' | 'died') => void) | null = null;
  constructor(private readonly args: string[]) {
    this.spawn();
  }
  spawn() {
    this.child = trackProcess(
      spawn(process.execPath, ['--import', 'tsx', CHILD, ...this.args], {
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    readline.createInterface({ input: this.child.stdout! }).on('line', (line) => {
      if (line.startsWith('done ')) this.resolve('done');
    });
    this.child.once('exit', () => this.resolve('died'));
  }
  private resolve(r: 'done' | 'died') {
    const w = this.waiting;
    this.waiting = null;
    w?.(r);
  }
  step(t: number, look: boolean): Promise<'done' | 'died'> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.child.stdin!.write(`${JSON.stringify({ t, look })}\n`);
    });
  }
  async end() {
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.stdin!.end();
    await exited;
  }
}

function quietEnd(zone: string, t: number): number | null {
  return quietUntil(
    { start: clockMinutes(QUIET.start), end: clockMinutes(QUIET.end), timeZone: zone },
    t,
  );
}

async function replay(database: TestDatabase, options: { instances: number; kill: boolean }) {
  const { db } = database;
  const s = makeScenario(30, START);
  const scenarioFile = path.join(database.dataDir, 'scenario.json');
  fs.writeFileSync(scenarioFile, JSON.stringify(s));

  // The receivers: a webhook per user (its path names the user), an ntfy topic for the first.
  let current = START;
  let killedAt: number | null = null;
  /** Wall-clock span from the kill -9 to the restart. */
  let down = null as { from: number; to: number } | null;
  let instances: Instance[] = [];
  const arrivals: Arrival[] = [];
  const hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (options.kill && killedAt === null && current >= START + 3.5 * DAY) {
        // Mid-send: the engine dies before it hears back; this request counts for nothing.
        killedAt = current;
        down = { from: Date.now(), to: Infinity };
        instances[0].child.kill('SIGKILL');
        req.socket.destroy();
        return;
      }
      // The dead engine's other sends still on the wire: nobody hears back either.
      if (down && down.to === Infinity) {
        req.socket.destroy();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString());
      arrivals.push({
        t: current,
        real: Date.now(),
        user: Number(req.url!.split('/').at(-1)),
        event: body.event,
        id: String(req.headers['x-astrodash-delivery']),
        data: body.data,
        title: body.title,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  const ntfy = await startNtfy();
  const upstreams = await startSkyUpstreams(s);

  try {
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      FETCH_ALLOW_PRIVATE_NETWORK: 'true',
    });
    const engine = {
      clock: { now: () => START },
      scheduleRule: async () => {},
    } as unknown as AlertEngine;
    const deps = { config, db, engine };
    const users = [];
    for (const [i, u] of s.users.entries()) {
      const user = await createUser(db, { email: u.email, passwordHash: 'x' });
      const row = await updateLocation(
        db,
        await db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow(),
        { latitude: u.latitude, longitude: u.longitude },
      );
      await setMinPassElevation(db, user.id, PASS_MIN_ELEVATION, START);
      const channels = [
        (
          await service.createChannel(
            deps,
            row,
            { kind: 'webhook', name: 'Hook', url: `${hookUrl}/u/${i}` },
            'https://astro.test',
          )
        ).id,
      ];
      if (i === 0)
        channels.push(
          (
            await service.createChannel(
              deps,
              row,
              { kind: 'ntfy', name: 'Phone', url: ntfy.url, topic: 'replay', token: undefined },
              'https://astro.test',
            )
          ).id,
        );
      await service.saveSettings(deps, user.id, { quietHours: QUIET, timeZone: u.zone });
      const rule = (trigger: object, overrideQuietHours = false) =>
        service.saveRule(deps, user.id, {
          trigger: trigger as never,
          channelIds: channels,
          enabled: true,
          overrideQuietHours,
        });
      await rule(
        {
          kind: 'launch',
          scope: 'all',
          before: ['24h', '1h', '10m'],
          moved: true,
          holds: true,
          liftoff: true,
          outcome: true,
          provider: undefined,
          vehicle: undefined,
        },
        u.override,
      );
      await rule({ kind: 'aurora', minTier: 'naked-eye' }, u.override);
      await rule({ kind: 'tonight', at: '17:00' });
      await rule({ kind: 'pass' }, u.override);
      await rule({ kind: 'sky-event', at: '09:00' });
      await rule({ kind: 'stories', query: STORY_QUERY });
      users.push(user.id);
    }
    const source = await createSource(db, { name: 'Space news' });
    // The orbits as the sky-tles job stores them. Their epoch is put 20 days before
    // the week, where the recorded orbit's plane gives Paris and New York evening
    // passes that week (Tromsø, above 69°N, sees the ISS no higher than a few degrees).
    await storeElementSets(db, parseTleText(celestrakTextAt(START - 20 * DAY)), START);
    const passes = await passesOverUsers(db, s, PASS_MIN_ELEVATION);

    const args = [JSON.stringify(database.options), scenarioFile, upstreams.url];
    instances = Array.from({ length: options.instances }, () => new Instance(args));
    // Each pass's window opens a few minutes before its alert is due, as the job's minute would.
    const inputs = inputTimes(
      s,
      passes.flat().map((p) => p.start - H - 4 * M),
    );
    const horizon = s.end + 14 * H; // what quiet hours held at the end still goes out
    let stories = 0;
    let steps = 0;
    let at = 0;
    for (let t = START - 1; ; steps++) {
      expect(steps).toBeLessThan(20_000);
      while (at < inputs.length && inputs[at] <= t) at++;
      const input = inputs[at] ?? Infinity;
      const pending = await db
        .selectFrom('alerts')
        .select(['due_at', 'claim_expires_at'])
        .where('status', '=', 'pending')
        .orderBy('due_at')
        .limit(50)
        .execute();
      const due = Math.min(Infinity, ...pending.map((p) => Math.max(p.due_at, p.claim_expires_at)));
      const next = Math.min(input, Math.max(due, t + 1));
      if (next > horizon) break;
      while (stories < s.stories.length && s.stories[stories].at <= next) {
        const story = s.stories[stories++];
        await createItem(db, source, {
          title: story.title,
          dedupe_key: `story-${stories}`,
          published_at: story.at,
        });
      }
      current = next;
      const look = next === input;
      const results = await Promise.all(instances.map((i) => i.step(next, look)));
      if (results.includes('died')) {
        // kill -9 mid-send: start it again and go on from the same moment; the job
        // looks again each minute until the dead instance's lease has expired.
        instances[0].spawn();
        if (down) down.to = Date.now();
        await instances[0].step(next, true);
        inputs.push(next + 61 * S, next + 121 * S);
        inputs.sort((x, y) => x - y);
      }
      t = next;
    }
    await Promise.all(instances.map((i) => i.end()));
    return { s, users, arrivals, ntfy: ntfy.received, killedAt, down, steps, passes };
  } finally {
    await new Promise((r) => hook.close(r));
    await ntfy.close();
    await upstreams.close();
  }
}

/** What the scenario must produce for one user, and when (checked against what arrived). */
function expectedCountdowns(s: Scenario, userIndex: number) {
  const user = s.users[userIndex];
  const out = new Map<string, number>();
  const nextMinute = (t: number) => Math.ceil(t / M) * M;
  for (const l of s.launches) {
    l.steps.forEach((step, k) => {
      if (step.status !== 'go' || step.net === null) return;
      const seen = nextMinute(step.at);
      const gone = k + 1 < l.steps.length ? nextMinute(l.steps[k + 1].at) : Infinity;
      const prev = l.steps[k - 1];
      // An unchanged NET after a non-change step keeps the earlier countdowns.
      if (prev && prev.status === 'go' && prev.net === step.net) return;
      for (const c of ['24h', '1h', '10m'] as Countdown[]) {
        const dueAt = step.net - COUNTDOWN_MS[c];
        if (dueAt < seen - M) continue;
        const held = c === '10m' && user.override ? null : quietEnd(user.zone, dueAt);
        const sendAt = held ?? dueAt;
        if (sendAt >= gone) continue;
        out.set(`${l.id}:${c}:${step.net}`, sendAt);
      }
    });
  }
  return out;
}

/**
 * Exactly once: each delivery id arrives once. The one repeat allowed is a send
 * answered just before the kill -9 that the dead process never recorded: its
 * successor sends it again, under the same id (README: "Exactly once").
 */
function exactlyOnce(result: Awaited<ReturnType<typeof replay>>): Arrival[] {
  const { down } = result;
  const inFlight = (real: number) => down !== null && real >= down.from - 2000 && real <= down.to;
  const byId = new Map<string, Arrival[]>();
  for (const a of result.arrivals) byId.set(a.id, [...(byId.get(a.id) ?? []), a]);
  expect(
    [...byId.values()]
      .filter((list) => list.length > 2 || (list.length === 2 && !inFlight(list[0].real)))
      .map((list) => `${list[0].event} ${list[0].id} ×${list.length}`),
  ).toEqual([]);
  const unique = [...byId.values()].map((list) => list.at(-1)!);
  // The ntfy channel of the first user got the same alerts as its webhook (the same repeat aside).
  const want = unique.filter((a) => a.user === 0).map((a) => a.title);
  const got = [...result.ntfy];
  const count = (list: string[], title: string) => list.filter((x) => x === title).length;
  for (const title of new Set(got.map((r): string => r.json.title))) {
    let extra =
      count(
        got.map((r): string => r.json.title),
        title,
      ) - count(want, title);
    for (let i = 0; i < got.length && extra > 0; i++)
      if (got[i].json.title === title && inFlight(got[i].at)) {
        got.splice(i--, 1);
        extra--;
      }
  }
  expect(got.map((r): string => r.json.title).toSorted()).toEqual(want.toSorted());
  return unique;
}

function check(result: Awaited<ReturnType<typeof replay>>): Arrival[] {
  const { s } = result;
  const arrivals = exactlyOnce(result);
  if (process.env.REPLAY_REPORT)
    console.log(
      `replay: ${result.steps} steps, ${arrivals.length} webhook deliveries (${result.arrivals.length - arrivals.length} repeated after the kill), ` +
        `${arrivals.filter((a) => a.event === 'launch.countdown').length} countdowns, ` +
        `${arrivals.filter((a) => a.event === 'pass').length} passes, ${arrivals.filter((a) => a.event === 'sky-event').length} sky events, ` +
        `${arrivals.filter((a) => a.event.startsWith('aurora.')).length} aurora, ${arrivals.filter((a) => a.event === 'tonight.go').length} nights, ` +
        `killed at ${result.killedAt && new Date(result.killedAt).toISOString()}`,
    );

  s.users.forEach((user, u) => {
    const mine = arrivals.filter((a) => a.user === u);
    // None in quiet hours, but the "now" events of the user who lets them through.
    const inQuiet = mine.filter((a) => {
      const now =
        NOW_EVENTS.has(a.event) || (a.event === 'launch.countdown' && a.data.countdown === '10m');
      return quietEnd(user.zone, a.t) !== null && !(user.override && now);
    });
    expect(inQuiet.map((a) => `${a.event} ${new Date(a.t).toISOString()}`)).toEqual([]);

    // Countdowns: each expected one once, within 60 s of its time on the current NET.
    const expected = expectedCountdowns(s, u);
    const got = mine.filter((a) => a.event === 'launch.countdown');
    expect(
      got.map((a) => `${a.data.launch.id}:${a.data.countdown}:${a.data.launch.net}`).toSorted(),
    ).toEqual([...expected.keys()].toSorted());
    for (const a of got) {
      const at = expected.get(`${a.data.launch.id}:${a.data.countdown}:${a.data.launch.net}`)!;
      expect(a.t - at).toBeGreaterThanOrEqual(0);
      expect(a.t - at).toBeLessThanOrEqual(60 * S);
    }
    // Liftoff and outcome once per launch that flew; a notice per slip of 15 min or more, per hold and TBD.
    const flown = s.launches
      .filter((l) => l.steps.some((x) => x.status === 'in-flight'))
      .map((l) => l.id)
      .toSorted();
    expect(
      mine
        .filter((a) => a.event === 'launch.liftoff')
        .map((a): string => a.data.launch.id)
        .toSorted(),
    ).toEqual(flown);
    expect(
      mine
        .filter((a) => a.event === 'launch.outcome')
        .map((a): string => a.data.launch.id)
        .toSorted(),
    ).toEqual(flown);
    // One "moved" notice at a time: one held by quiet hours is replaced by a later move.
    const nextMinute = (t: number) => Math.ceil(t / M) * M;
    const moves = s.launches.flatMap((l) => {
      const seen = l.steps
        .filter(
          // A new time after a hold is a move too; a time set after TBD is not.
          (x, k) =>
            k > 0 &&
            x.status === 'go' &&
            l.steps[k - 1].net !== null &&
            Math.abs(x.net! - l.steps[k - 1].net!) >= 15 * M,
        )
        .map((x) => nextMinute(x.at));
      return seen
        .filter((at, k) => k + 1 >= seen.length || seen[k + 1] > (quietEnd(user.zone, at) ?? at))
        .map(() => l.id);
    });
    expect(
      mine
        .filter((a) => a.event === 'launch.moved')
        .map((a): string => a.data.launch.id)
        .toSorted(),
    ).toEqual(moves.toSorted());
    const paused = s.launches.flatMap((l) =>
      l.steps.filter((x) => x.status === 'hold' || x.status === 'tbd').map(() => l.id),
    );
    expect(
      mine
        .filter((a) => a.event === 'launch.status')
        .map((a): string => a.data.launch.id)
        .toSorted(),
    ).toEqual(paused.toSorted());

    // Stories: all 200 once; a burst of three or more is one digest, one or two go alone.
    const storyAlerts = mine.filter((a) => a.event === 'stories');
    expect(storyAlerts.reduce((n, a) => n + a.data.total, 0)).toBe(200);
    const sizes = new Map<number, number>();
    for (const story of s.stories.filter((x) => x.matching))
      sizes.set(story.burst, (sizes.get(story.burst) ?? 0) + 1);
    const totals = [...sizes.values()].flatMap((k) =>
      k >= 3 ? [k] : Array.from({ length: k }, () => 1),
    );
    expect(storyAlerts.map((a) => a.data.total).toSorted((a, b) => a - b)).toEqual(
      totals.toSorted((a, b) => a - b),
    );
    const titles = storyAlerts.flatMap((a) => a.data.items.map((i: { title: string }) => i.title));
    expect(new Set(titles).size).toBe(titles.length);

    // Tonight: each clear evening once, from 17:00 local.
    const clear = evenings(s, u).filter((e) => !s.cloudy[u].includes(e.date));
    const nights = mine.filter((a) => a.event === 'tonight.go');
    expect(nights.map((a): string => a.data.date).toSorted()).toEqual(
      clear.map((e) => e.date).toSorted(),
    );
    for (const a of nights)
      expect(a.t - clear.find((e) => e.date === a.data.date)!.at).toBeLessThanOrEqual(60 * S);

    // Passes: the sky module's own over the user's place, each once, an hour ahead (or
    // when quiet hours end, for who holds them). Those rising within the first hour or
    // near the end may or may not fall in a look; every other one must arrive.
    const passes = mine.filter((a) => a.event === 'pass');
    const ids = passes.map((a): string => a.data.pass.id);
    expect(new Set(ids).size).toBe(ids.length);
    const predicted = result.passes[u];
    const required = predicted.filter(
      (p) => p.start > s.start + 70 * M && p.start - H - 5 * M <= s.end,
    );
    expect(ids).toEqual(expect.arrayContaining(required.map((p) => p.id)));
    expect(predicted.map((p) => p.id)).toEqual(expect.arrayContaining(ids));
    for (const a of passes) {
      const dueAt = a.data.pass.start - H;
      const sendAt = user.override ? dueAt : (quietEnd(user.zone, dueAt) ?? dueAt);
      expect(a.t - sendAt).toBeGreaterThanOrEqual(0);
      expect(a.t - sendAt).toBeLessThanOrEqual(60 * S);
    }

    // Sky events: the local day's, at 09:00, each once.
    const events = mine.filter((a) => a.event === 'sky-event');
    const expectedEvents = morningEvents(s, u);
    expect(events.map((a): string => a.data.event.id).toSorted()).toEqual(
      expectedEvents.map((e) => e.id).toSorted(),
    );
    for (const a of events) {
      const at = expectedEvents.find((e) => e.id === a.data.event.id)!.at;
      expect(a.t - at).toBeGreaterThanOrEqual(0);
      expect(a.t - at).toBeLessThanOrEqual(60 * S);
    }

    // Aurora (the tier at the user's place from the replayed Kp product): at most one
    // display a day begins with an alert, every "ended" follows a rise, and a storm
    // brings a rise exactly where it is seen with the naked eye in darkness.
    const aurora = mine.filter((a) => a.event.startsWith('aurora.'));
    expect(aurora.filter((a) => a.event === 'aurora.ended').length).toBeLessThanOrEqual(
      aurora.filter((a) => a.event === 'aurora.rise').length,
    );
    for (const storm of s.storms) {
      const from = storm.phases[0].at;
      const to = storm.phases.at(-1)!.at;
      let visible = false;
      for (let t = from; t < to; t += 5 * M)
        if (
          sunAltitude(user, t) < -12 &&
          ['naked-eye', 'overhead'].includes(auroraTierAt(s, user, t))
        )
          visible = true;
      const during = aurora.filter(
        (a) => a.event === 'aurora.rise' && a.t >= from && a.t < to + 12 * H,
      );
      expect({ storm: from, rises: during.length > 0 }).toEqual({ storm: from, rises: visible });
    }
  });
  // The sky module's answers were there to be alerted: the week is not empty of them.
  const count = (event: string) => arrivals.filter((a) => a.event === event).length;
  expect(count('pass')).toBeGreaterThan(10);
  expect(count('sky-event')).toBeGreaterThan(0);
  expect(count('aurora.rise')).toBeGreaterThan(2);
  return arrivals;
}

async function checkOutbox(database: TestDatabase, arrivals: Arrival[]) {
  const rows = await database.db
    .selectFrom('alert_deliveries as d')
    .innerJoin('alert_channels as c', 'c.id', 'd.channel_id')
    .select(['d.status', 'c.kind', 'd.reason'])
    .execute();
  // Nothing left behind, nothing failed; the sent webhook deliveries are the ones that arrived.
  expect(rows.filter((r) => !['sent', 'cancelled'].includes(r.status))).toEqual([]);
  expect(rows.filter((r) => r.kind === 'webhook' && r.status === 'sent')).toHaveLength(
    arrivals.length,
  );
  // Aurora rises were decided in darkness at the user's place.
  const rises = await database.db
    .selectFrom('alerts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.created_at', 'u.email'])
    .where('a.kind', '=', 'aurora.rise')
    .execute();
  const s = makeScenario(30, START);
  for (const r of rises)
    expect(
      sunAltitude(
        s.users.find((u) => u.email === r.email)!,
        r.created_at,
      ),
    ).toBeLessThan(-12);
}

describe.each(dialects)('a week of alerts replayed (%s)', (dialect) => {
  let database: TestDatabase;
  afterEach(async () => {
    await stopSpawnedProcesses();
    await database.destroy();
  });

  it('killed with kill -9 mid-week and started again: each alert once, on time, none in quiet hours', async () => {
    database = await createTestDatabase(dialect);
    const result = await replay(database, { instances: 1, kill: true });
    expect(result.killedAt).not.toBeNull();
    await checkOutbox(database, check(result));
  });
});

describe.runIf(dialects.includes('postgres'))(
  'a week of alerts replayed by two instances (postgres)',
  () => {
    let database: TestDatabase;
    afterEach(async () => {
      await stopSpawnedProcesses();
      await database.destroy();
    });

    it('two instances on one PostgreSQL database send each alert once', async () => {
      database = await createTestDatabase('postgres');
      const result = await replay(database, { instances: 2, kill: false });
      expect(result.arrivals.length).toBeGreaterThan(0);
      await checkOutbox(database, check(result));
    });
  },
);

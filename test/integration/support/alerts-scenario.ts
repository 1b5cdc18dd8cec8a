// A week of events for the alerts replay, made from a seed: 50 launches with
// slips, scrubs and TBDs, 2 geomagnetic storms (in the Kp product the fixture
// server replays), 21 evenings (20 of them clear, in the Open-Meteo forecasts it
// replays) over three places, and 200 matching stories in bursts among others.
// ISS passes and sky events are the sky module's own, from the CelesTrak element
// sets and the calendar. The replay's parent and its engine processes read the
// same scenario; the launch source answers from it as a function of the fake clock.
import * as Astronomy from 'astronomy-engine';
import { instantAtLocal, localParts } from '../../../src/server/local-time';
import type { LaunchSnapshot, LaunchStatus } from '../../../src/server/alerts/triggers/types';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const DAY = 24 * H;

export interface ReplayUser {
  email: string;
  zone: string;
  latitude: number;
  longitude: number;
  /** "Now" events break this user's quiet hours (23:00–07:00 for all). */
  override: boolean;
}

export interface LaunchStep {
  at: number;
  net: number | null;
  status: LaunchStatus;
}

export interface Scenario {
  start: number;
  end: number;
  users: ReplayUser[];
  launches: { id: string; name: string; provider: string; vehicle: string; steps: LaunchStep[] }[];
  /** The planetary Kp of each 3-hour period of a storm (1 outside them). */
  storms: { phases: { at: number; kp: number }[] }[];
  /** Per user, the evenings (local date) that are not clear. */
  cloudy: string[][];
  stories: { at: number; title: string; matching: boolean; burst: number }[];
}

export const QUIET = { start: '23:00', end: '07:00' };
export const STORY_QUERY = 'eclipse';

/** mulberry32: a small seeded generator, so the week is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const minute = (t: number) => Math.round(t / M) * M;

export function makeScenario(seed: number, start: number): Scenario {
  const rand = random(seed);
  const between = (a: number, b: number) => a + rand() * (b - a);
  const end = start + 7 * DAY;
  const providers = [
    ['SpaceX', 'Falcon 9 Block 5'],
    ['Rocket Lab', 'Electron'],
    ['ULA', 'Vulcan VC2S'],
    ['CASC', 'Long March 2D'],
  ];

  const launches: Scenario['launches'] = [];
  for (let i = 0; i < 50; i++) {
    const [provider, vehicle] = providers[i % providers.length];
    let net = minute(between(start + 10 * H, end - 20 * H));
    const steps: LaunchStep[] = [{ at: start, net, status: 'go' }];
    const kind = rand();
    if (kind < 0.3) {
      // Slips: each at least 20 minutes, announced well before the countdowns they move.
      for (let n = 0; n < 1 + Math.floor(rand() * 2); n++) {
        const at = minute(between(steps.at(-1)!.at + H, net - 2 * H));
        if (at <= steps.at(-1)!.at) break;
        net = minute(net + between(20 * M, 20 * H));
        steps.push({ at, net, status: 'go' });
      }
    } else if (kind < 0.45) {
      // A hold 25 minutes before liftoff, then Go for a day later (a scrub and recycle).
      steps.push({ at: net - 25 * M, net, status: 'hold' });
      net = minute(net + between(20 * H, 28 * H));
      steps.push({ at: steps.at(-1)!.at + 2 * H, net, status: 'go' });
    } else if (kind < 0.55) {
      steps.push({ at: minute(net - between(30 * H, 12 * H)), net: null, status: 'tbd' });
      steps.push({ at: steps.at(-1)!.at + 3 * H, net: minute(net + 6 * H), status: 'go' });
      net = steps.at(-1)!.net!;
    } else if (kind < 0.6) {
      // A small move: the countdowns follow without a "moved" notice.
      net += 5 * M;
      steps.push({ at: net - 3 * H, net, status: 'go' });
    }
    steps.sort((a, b) => a.at - b.at);
    if (net < end - H) {
      steps.push({ at: net, net, status: 'in-flight' });
      steps.push({ at: net + 10 * M, net, status: rand() < 0.9 ? 'success' : 'failure' });
    }
    launches.push({
      id: `launch-${i}`,
      name: `${vehicle} | Mission ${i}`,
      provider,
      vehicle,
      steps,
    });
  }

  const storm = (day: number): Scenario['storms'][number] => {
    const begin = Math.floor((start + day * DAY) / DAY) * DAY + 18 * H; // 18:00 UTC, a Kp period
    return {
      phases: [
        { at: begin, kp: 4.33 },
        { at: begin + 3 * H, kp: 6.67 },
        { at: begin + 6 * H, kp: 7.67 },
        { at: begin + 9 * H, kp: 5.33 },
        { at: begin + 12 * H, kp: 1 },
      ],
    };
  };

  const stories: Scenario['stories'] = [];
  const sizes = [1, 2, 3, 5, 8, 12];
  let matching = 0;
  let burst = 0;
  let t = start + 30 * M;
  while (matching < 200) {
    const size = Math.min(sizes[burst % sizes.length], 200 - matching);
    // A burst arrives within 40 s, a few seconds into a minute: one refresh.
    const at0 = Math.floor(t / M) * M + 5 * S;
    for (let k = 0; k < size; k++)
      stories.push({
        at: at0 + Math.floor((k * 40 * S) / Math.max(1, size)),
        title: `Solar eclipse report ${matching + k + 1}`,
        matching: true,
        burst,
      });
    stories.push({
      at: at0 + 20 * S,
      title: `Mars rover note ${burst}`,
      matching: false,
      burst: -1,
    });
    matching += size;
    burst++;
    t += between(40 * M, 4 * H);
  }

  return {
    start,
    end,
    users: [
      {
        email: 'paris@replay.test',
        zone: 'Europe/Paris',
        latitude: 48.85,
        longitude: 2.35,
        override: true,
      },
      {
        email: 'newyork@replay.test',
        zone: 'America/New_York',
        latitude: 40.71,
        longitude: -74.0,
        override: false,
      },
      {
        email: 'tromso@replay.test',
        zone: 'Europe/Oslo',
        latitude: 69.65,
        longitude: 18.96,
        override: false,
      },
    ],
    launches,
    storms: [storm(1), storm(4)],
    cloudy: [[], [localParts(start + 3 * DAY, 'America/New_York').date], []],
    stories,
  };
}

export function launchesAt(s: Scenario, t: number): LaunchSnapshot[] {
  return s.launches.map((l) => {
    const step = l.steps.filter((x) => x.at <= t).at(-1)!;
    return {
      id: l.id,
      name: l.name,
      provider: l.provider,
      vehicle: l.vehicle,
      net: step.net,
      status: step.status,
    };
  });
}

export function sunAltitude(user: ReplayUser, t: number): number {
  const observer = new Astronomy.Observer(user.latitude, user.longitude, 0);
  const date = new Date(t);
  const eq = Astronomy.Equator(Astronomy.Body.Sun, date, observer, true, true);
  return Astronomy.Horizon(date, observer, eq.ra, eq.dec, 'normal').altitude;
}

/** The planetary Kp of the 3-hour period that holds `t`. */
export function kpAt(s: Scenario, t: number): number {
  for (const storm of s.storms) {
    const phase = storm.phases.filter((p) => p.at <= t).at(-1);
    if (phase && t < storm.phases.at(-1)!.at) return phase.kp;
  }
  return 1;
}

/** The evenings at 17:00 local within the week, per user. */
export function evenings(s: Scenario, index: number): { date: string; at: number }[] {
  const zone = s.users[index].zone;
  const out: { date: string; at: number }[] = [];
  for (let d = -1; d <= 8; d++) {
    const date = localParts(s.start + d * DAY, zone).date;
    const at = instantAtLocal(date, 17 * 60, zone);
    if (at > s.start && at <= s.end && !out.some((e) => e.date === date)) out.push({ date, at });
  }
  return out;
}

/** When the Sun crosses −12° at the user's place during [from, to), to the minute. */
export function twilightCrossings(user: ReplayUser, from: number, to: number): number[] {
  const out: number[] = [];
  const step = 10 * M;
  let dark = sunAltitude(user, from) < -12;
  for (let t = from + step; t < to; t += step) {
    const now = sunAltitude(user, t) < -12;
    if (now === dark) continue;
    for (let m = t - step + M; m <= t; m += M)
      if (sunAltitude(user, m) < -12 === now) {
        out.push(m);
        break;
      }
    dark = now;
  }
  return out;
}

/** 09:00 local on each day of the week, per user: when the sky-event rules look. */
export function mornings(s: Scenario, index: number): { date: string; at: number }[] {
  const zone = s.users[index].zone;
  const out: { date: string; at: number }[] = [];
  for (let d = -1; d <= 8; d++) {
    const date = localParts(s.start + d * DAY, zone).date;
    const at = instantAtLocal(date, 9 * 60, zone);
    if (at > s.start && at <= s.end && !out.some((e) => e.date === date)) out.push({ date, at });
  }
  return out;
}

/**
 * The moments something may happen that the engine must look at: source changes,
 * stories (at the next whole minute, when the job looks), evenings and mornings,
 * the Kp product's 3-hour periods, the Sun crossing −12°, and `extra` (the passes'
 * windows, which the sky module predicts). Due alerts are added by the replay as it goes.
 */
export function inputTimes(s: Scenario, extra: number[] = []): number[] {
  const times = new Set<number>(extra);
  const nextMinute = (t: number) => Math.ceil(t / M) * M;
  for (const l of s.launches) for (const step of l.steps) times.add(nextMinute(step.at));
  for (const story of s.stories) times.add(nextMinute(story.at));
  for (let t = Math.ceil(s.start / (3 * H)) * 3 * H; t <= s.end; t += 3 * H) times.add(t);
  s.users.forEach((user, i) => {
    for (const e of evenings(s, i)) times.add(e.at);
    for (const e of mornings(s, i)) times.add(e.at);
    for (const t of twilightCrossings(user, s.start, s.end)) times.add(t);
  });
  return [...times].filter((t) => t >= s.start && t <= s.end).toSorted((a, b) => a - b);
}

// A week of events for the alerts replay, made from a seed: 50 launches with
// slips, scrubs and TBDs, 2 geomagnetic storms, 30 ISS passes, 21 evenings (20
// of them clear) over three places, and 200 matching stories in bursts among
// others. The replay's parent and its engine processes read the same scenario;
// the sources below answer from it as a function of the fake clock.
import * as Astronomy from 'astronomy-engine';
import { instantAtLocal, localParts } from '../../../src/server/alerts/local-time';
import type {
  AuroraLevel,
  AuroraState,
  LaunchSnapshot,
  LaunchStatus,
  Pass,
  TonightState,
} from '../../../src/server/alerts/triggers/types';

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
  storms: { phases: { at: number; tier: AuroraLevel }[] }[];
  passes: Pass[];
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
    const begin = start + day * DAY + 8 * H; // 20:00 UTC
    return {
      phases: [
        { at: begin, tier: 'camera' },
        { at: begin + 2 * H, tier: 'naked-eye' },
        { at: begin + 5 * H, tier: 'overhead' },
        { at: begin + 7 * H, tier: 'naked-eye' },
        { at: begin + 9 * H, tier: 'none' },
      ],
    };
  };

  const passes: Pass[] = [];
  for (let i = 0; i < 30; i++) {
    const s = minute(start + 3 * H + i * ((7 * DAY - 6 * H) / 30) + between(0, 2 * H));
    passes.push({
      id: `iss-${s}`,
      satellite: 'ISS',
      start: s,
      end: s + 6 * M,
      maxElevation: Math.round(between(15, 85)),
      visible: true,
    });
  }

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
    passes,
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

export function auroraTier(s: Scenario, t: number): AuroraLevel {
  for (const storm of s.storms) {
    const phase = storm.phases.filter((p) => p.at <= t).at(-1);
    if (phase && t < storm.phases.at(-1)!.at) return phase.tier;
  }
  return 'none';
}

export const auroraAt = (s: Scenario, user: ReplayUser, t: number): AuroraState => ({
  tier: auroraTier(s, t),
  sunAltitude: sunAltitude(user, t),
});

export function tonightAt(s: Scenario, index: number, t: number): TonightState {
  const date = localParts(t, s.users[index].zone).date;
  return {
    date,
    verdict: s.cloudy[index].includes(date) ? 'no-go' : 'go',
    summary: 'Clear and dark from 21:00',
  };
}

export const passesAt = (s: Scenario, t: number): Pass[] =>
  s.passes.filter((p) => p.start > t && p.start <= t + 3 * H);

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

/**
 * The moments something may happen that the engine must look at: source changes,
 * stories (at the next whole minute, when the job looks), evenings, pass windows,
 * the Sun crossing −12° during a storm. Due alerts are added by the replay as it goes.
 */
export function inputTimes(s: Scenario): number[] {
  const times = new Set<number>();
  const nextMinute = (t: number) => Math.ceil(t / M) * M;
  for (const l of s.launches) for (const step of l.steps) times.add(nextMinute(step.at));
  for (const story of s.stories) times.add(nextMinute(story.at));
  for (const p of s.passes) times.add(p.start - H - 4 * M);
  s.users.forEach((user, i) => {
    for (const e of evenings(s, i)) times.add(e.at);
    for (const storm of s.storms) {
      for (const p of storm.phases) times.add(p.at);
      for (let t = storm.phases[0].at; t <= storm.phases.at(-1)!.at; t += M) {
        const dark = sunAltitude(user, t) < -12;
        if (dark !== sunAltitude(user, t + M) < -12) times.add(t + M);
      }
    }
  });
  return [...times].filter((t) => t >= s.start && t <= s.end).toSorted((a, b) => a - b);
}

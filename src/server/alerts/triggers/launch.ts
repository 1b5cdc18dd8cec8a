// Launch alerts: countdowns before the current NET (T−24 h, T−1 h, T−10 min),
// a NET move of 15 minutes or more, a hold, scrub or TBD (which cancels the
// pending countdowns), liftoff and outcome. Pure: the engine diffs each launch
// against what it last saw (LaunchMemory) and asks which rules want each event.
//
// A countdown is keyed by the NET and generation it counts down to, and checked
// against the launch as it stands when it falls due (countdownStale): a move or a
// hold cancels it then, not by rewriting thousands of users' pending rows at once.
import type { Countdown, TriggerOf } from '../../../shared/alerts';
import type { AlertIntent, LaunchInfo, LaunchSnapshot, LaunchStatus } from './types';

export const COUNTDOWN_MS: Record<Countdown, number> = {
  '24h': 24 * 3_600_000,
  '1h': 3_600_000,
  '10m': 600_000,
};
/** A NET move this large is news; smaller ones only move the countdowns. */
export const MOVE_THRESHOLD_MS = 15 * 60_000;
/** A countdown whose time passed longer ago than this is not sent late. */
export const COUNTDOWN_GRACE_MS = 60_000;

/** Statuses with a NET worth counting down to. */
const SCHEDULED: ReadonlySet<LaunchStatus> = new Set(['go', 'tbc']);
const PAUSED: ReadonlySet<LaunchStatus> = new Set(['hold', 'scrubbed', 'tbd']);
const OUTCOMES: ReadonlySet<LaunchStatus> = new Set(['success', 'failure', 'partial-failure']);

/** What the engine remembers of a launch between looks. */
export interface LaunchMemory {
  net: number | null;
  status: LaunchStatus;
  /** Counts returns to a countable status, so countdowns after a hold are new alerts. */
  epoch: number;
}

export type LaunchIntent = AlertIntent & {
  event: 'countdown' | 'moved' | 'status' | 'liftoff' | 'outcome';
  countdown?: Countdown;
};

export interface LaunchChanges {
  memory: LaunchMemory;
  intents: LaunchIntent[];
  /** Groups whose pending alerts are cancelled, with the reason shown in the log. */
  cancel: { group: string; reason: string }[];
}

export const countdownGroup = (id: string) => `launch:${id}:countdown`;

export const launchInfo = (l: LaunchSnapshot): LaunchInfo => ({
  id: l.id,
  name: l.name,
  net: l.net,
  provider: l.provider,
  vehicle: l.vehicle,
});

/** The countdowns still ahead of the launch's current NET (none unless it is Go or TBC). */
export function countdownIntents(
  launch: LaunchSnapshot,
  memory: LaunchMemory,
  now: number,
): LaunchIntent[] {
  if (!SCHEDULED.has(launch.status) || launch.net === null) return [];
  const net = launch.net;
  return (Object.keys(COUNTDOWN_MS) as Countdown[])
    .filter((c) => net - COUNTDOWN_MS[c] >= now - COUNTDOWN_GRACE_MS)
    .map((c) => ({
      key: `launch:${launch.id}:before-${c}:${net}:${memory.epoch}`,
      kind: 'launch.countdown',
      event: 'countdown',
      countdown: c,
      dueAt: net - COUNTDOWN_MS[c],
      group: countdownGroup(launch.id),
      nowEvent: c === '10m',
      payload: { type: 'launch', event: 'countdown', countdown: c, launch: launchInfo(launch) },
    }));
}

const STATUS_WORDS: Record<LaunchStatus, string> = {
  go: 'Go',
  tbc: 'to be confirmed',
  tbd: 'TBD',
  hold: 'on hold',
  scrubbed: 'scrubbed',
  'in-flight': 'in flight',
  success: 'a success',
  failure: 'a failure',
  'partial-failure': 'a partial failure',
};

/** What changed between the last look at a launch and this one. */
export function launchChanges(
  prev: LaunchMemory | undefined,
  next: LaunchSnapshot,
  now: number,
): LaunchChanges {
  if (!prev) {
    const memory = { net: next.net, status: next.status, epoch: 0 };
    return { memory, intents: countdownIntents(next, memory, now), cancel: [] };
  }
  const memory: LaunchMemory = { net: next.net, status: next.status, epoch: prev.epoch };
  const intents: LaunchIntent[] = [];
  const cancel: LaunchChanges['cancel'] = [];
  const info = launchInfo(next);
  const netChanged = prev.net !== next.net;
  const statusChanged = prev.status !== next.status;
  const wasScheduled = SCHEDULED.has(prev.status);
  const isScheduled = SCHEDULED.has(next.status);
  if (isScheduled && !wasScheduled) memory.epoch = prev.epoch + 1;

  if (isScheduled && (netChanged || !wasScheduled))
    intents.push(...countdownIntents(next, memory, now));

  if (
    netChanged &&
    isScheduled &&
    prev.net !== null &&
    next.net !== null &&
    Math.abs(next.net - prev.net) >= MOVE_THRESHOLD_MS
  ) {
    // One "moved" notice per launch at a time: a newer one replaces a pending older one.
    cancel.push({ group: `launch:${next.id}:moved`, reason: 'Replaced by a newer time' });
    intents.push({
      key: `launch:${next.id}:moved:${next.net}`,
      kind: 'launch.moved',
      event: 'moved',
      dueAt: now,
      group: `launch:${next.id}:moved`,
      payload: { type: 'launch', event: 'moved', from: prev.net, launch: info },
    });
  }
  if (statusChanged && PAUSED.has(next.status)) {
    const status = next.status as 'hold' | 'scrubbed' | 'tbd';
    intents.push({
      key: `launch:${next.id}:${status}:${next.net ?? 'none'}:${memory.epoch}`,
      kind: 'launch.status',
      event: 'status',
      dueAt: now,
      group: `launch:${next.id}:status`,
      payload: { type: 'launch', event: 'status', status, launch: info },
    });
  }
  if (statusChanged && next.status === 'in-flight') {
    intents.push({
      key: `launch:${next.id}:liftoff`,
      kind: 'launch.liftoff',
      event: 'liftoff',
      dueAt: now,
      nowEvent: true,
      payload: { type: 'launch', event: 'liftoff', launch: info },
    });
  }
  if (statusChanged && OUTCOMES.has(next.status) && !OUTCOMES.has(prev.status)) {
    const status = next.status as 'success' | 'failure' | 'partial-failure';
    intents.push({
      key: `launch:${next.id}:outcome`,
      kind: 'launch.outcome',
      event: 'outcome',
      dueAt: now,
      payload: { type: 'launch', event: 'outcome', status, launch: info },
    });
  }
  return { memory, intents, cancel };
}

/** Why a countdown no longer applies to the launch as it stands (null: it does). */
export function countdownStale(memory: LaunchMemory | undefined, key: string): string | null {
  const m = /:before-\w+:(\d+):(\d+)$/.exec(key);
  if (!memory || !m) return null;
  if (memory.status === 'in-flight' || OUTCOMES.has(memory.status))
    return 'Cancelled: the launch has lifted off';
  if (!SCHEDULED.has(memory.status))
    return `Cancelled: the launch is ${STATUS_WORDS[memory.status]}`;
  if (memory.net !== Number(m[1]) || memory.epoch !== Number(m[2]))
    return 'Replaced: the launch time changed';
  return null;
}

const normalized = new Map<string, string>();
/** Lower case, one space between words; memoised (a few dozen provider and vehicle names). */
function norm(s: string): string {
  let n = normalized.get(s);
  if (n === undefined) {
    n = s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
    if (normalized.size < 4096) normalized.set(s, n);
  }
  return n;
}

/** Whether a launch is one the rule is about (every launch, a provider's, a vehicle's, followed). */
export function launchScopeMatches(
  trigger: TriggerOf<'launch'>,
  launch: Pick<LaunchSnapshot, 'provider' | 'vehicle'>,
  followed: boolean,
): boolean {
  switch (trigger.scope) {
    case 'provider':
      return norm(launch.provider).includes(norm(trigger.provider ?? ''));
    case 'vehicle':
      return norm(launch.vehicle).includes(norm(trigger.vehicle ?? ''));
    case 'followed':
      return followed;
    case 'all':
      return true;
  }
}

/** Whether a launch rule asks for this kind of event. */
export function launchEventWanted(trigger: TriggerOf<'launch'>, intent: LaunchIntent): boolean {
  switch (intent.event) {
    case 'countdown':
      return intent.countdown !== undefined && trigger.before.includes(intent.countdown);
    case 'moved':
      return trigger.moved;
    case 'status':
      return trigger.holds;
    case 'liftoff':
      return trigger.liftoff;
    case 'outcome':
      return trigger.outcome;
  }
}

/** Whether a launch rule asks for this event of this launch. */
export function launchRuleWants(
  trigger: TriggerOf<'launch'>,
  intent: LaunchIntent,
  launch: Pick<LaunchSnapshot, 'provider' | 'vehicle'>,
  followed: boolean,
): boolean {
  return launchScopeMatches(trigger, launch, followed) && launchEventWanted(trigger, intent);
}

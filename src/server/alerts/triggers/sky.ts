// Sky alerts at a user's place: aurora, tonight's Go, ISS passes and sky events.
// Pure functions of the state the sky module reports, the rule's memory of what
// it already said, the time and the user's time zone.
import type { TriggerOf } from '../../../shared/alerts';
import { clockMinutes, instantAtLocal, localParts } from '../../local-time';
import type { AlertIntent, AuroraLevel, AuroraState, Pass, SkyEvent, TonightState } from './types';

/** Aurora alerts only while the Sun is this far below the horizon (astronomical twilight). */
export const DARK_SUN_ALTITUDE = -12;
/** A continuing display is alerted again after this long. */
export const AURORA_REALERT_MS = 12 * 3_600_000;
/** An ISS pass is alerted this long before it starts. */
export const PASS_LEAD_MS = 3_600_000;
/** How far ahead the engine schedules time-bound alerts (it looks every minute). */
export const LOOKAHEAD_MS = 5 * 60_000;

const RANK: Record<AuroraLevel, number> = { none: 0, camera: 1, 'naked-eye': 2, overhead: 3 };

export interface AuroraMemory {
  /** Set once the rule has seen the sky after being turned on. */
  primed: boolean;
  /** The aurora qualified at the last look. */
  active: boolean;
  /** The tier last alerted in this display (null: none was). */
  alertedTier: AuroraLevel | null;
  /** The highest tier seen in this display without an alert (when it began unannounced). */
  seenTier: AuroraLevel | null;
  lastAlertAt: number | null;
  /** The local date of the last display that began with an alert. */
  lastRiseDate: string | null;
}

export const freshAuroraMemory = (): AuroraMemory => ({
  primed: false,
  active: false,
  alertedTier: null,
  seenTier: null,
  lastAlertAt: null,
  lastRiseDate: null,
});

const higher = (a: AuroraLevel | null, b: AuroraLevel): AuroraLevel =>
  a !== null && RANK[a] >= RANK[b] ? a : b;

/**
 * One look at the aurora for one rule. A display that begins (the tier reaches the
 * rule's and the Sun is below −12°) alerts at most once a local day; while it lasts,
 * it alerts again only when the tier rises or after 12 h; one "ended" notice follows
 * an alerted display. The first look after the rule is turned on only takes note.
 */
export function auroraStep(
  trigger: TriggerOf<'aurora'>,
  memory: AuroraMemory,
  state: AuroraState,
  now: number,
  timeZone: string,
): { memory: AuroraMemory; intent?: AlertIntent } {
  const qualifies =
    RANK[state.tier] >= RANK[trigger.minTier] && state.sunAltitude < DARK_SUN_ALTITUDE;
  const intent = (event: 'rise' | 'ended'): AlertIntent => ({
    key: `aurora:${event}:${now}`,
    kind: `aurora.${event}`,
    dueAt: now,
    nowEvent: event === 'rise',
    payload: { type: 'aurora', event, tier: state.tier },
  });

  if (!memory.primed) {
    return {
      memory: {
        ...freshAuroraMemory(),
        primed: true,
        active: qualifies,
        seenTier: qualifies ? state.tier : null,
      },
    };
  }
  if (!qualifies) {
    const ended = { ...memory, active: false, alertedTier: null, seenTier: null };
    if (memory.active && memory.alertedTier !== null)
      return { memory: ended, intent: intent('ended') };
    return { memory: ended };
  }
  const rise = (m: AuroraMemory) => ({
    memory: { ...m, active: true, alertedTier: state.tier, lastAlertAt: now },
    intent: intent('rise'),
  });
  if (!memory.active) {
    const today = localParts(now, timeZone).date;
    // At most one display a day begins with an alert; a rise within it still alerts.
    if (memory.lastRiseDate === today)
      return { memory: { ...memory, active: true, seenTier: state.tier } };
    return rise({ ...memory, lastRiseDate: today, seenTier: null });
  }
  const baseline = memory.alertedTier ?? memory.seenTier;
  if (baseline === null || RANK[state.tier] > RANK[baseline]) return rise(memory);
  if (
    memory.alertedTier !== null &&
    memory.lastAlertAt !== null &&
    now - memory.lastAlertAt >= AURORA_REALERT_MS
  )
    return rise(memory);
  return {
    memory:
      memory.alertedTier === null
        ? { ...memory, seenTier: higher(memory.seenTier, state.tier) }
        : memory,
  };
}

/**
 * Tonight is Go: once per evening, from the rule's chosen local time on. A Go that
 * already stood when the rule was turned on (after that time) is not news.
 */
export function tonightIntent(
  trigger: TriggerOf<'tonight'>,
  state: TonightState,
  now: number,
  timeZone: string,
  enabledAt: number,
): AlertIntent | null {
  const local = localParts(now, timeZone);
  const at = clockMinutes(trigger.at);
  if (state.verdict !== 'go' || state.date !== local.date || local.minutes < at) return null;
  if (instantAtLocal(local.date, at, timeZone) < enabledAt) return null;
  return {
    key: `tonight:${state.date}`,
    kind: 'tonight.go',
    dueAt: now,
    payload: { type: 'tonight', date: state.date, summary: state.summary },
  };
}

/** Visible passes starting within the next hour (scheduled a few minutes ahead). */
export function passIntents(passes: Pass[], now: number, enabledAt: number): AlertIntent[] {
  return passes
    .filter(
      (p) =>
        p.visible &&
        p.start > now &&
        p.start > enabledAt &&
        p.start - PASS_LEAD_MS <= now + LOOKAHEAD_MS,
    )
    .map((pass) => ({
      key: `pass:${pass.id}`,
      kind: 'pass',
      dueAt: Math.max(now, pass.start - PASS_LEAD_MS),
      nowEvent: true,
      payload: { type: 'pass', pass },
    }));
}

/** Today's sky events, at the rule's local time (at once when that time has passed). */
export function skyEventIntents(
  trigger: TriggerOf<'sky-event'>,
  events: SkyEvent[],
  now: number,
  timeZone: string,
  enabledAt: number,
): AlertIntent[] {
  const local = localParts(now, timeZone);
  const at = instantAtLocal(local.date, clockMinutes(trigger.at), timeZone);
  if (at > now + LOOKAHEAD_MS) return [];
  return events
    .filter((e) => e.date === local.date && e.start > enabledAt && e.start > now - 3_600_000)
    .map((event) => ({
      key: `sky:${event.id}`,
      kind: 'sky-event',
      dueAt: Math.max(now, at),
      payload: { type: 'sky-event', event },
    }));
}

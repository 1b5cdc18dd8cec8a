// What the triggers decide and what an alert carries. Triggers are pure
// functions over small event interfaces (LaunchSnapshot, AuroraState, Pass,
// SkyEvent, TonightState); the engine stores what they decide in the outbox.
import type { AuroraTier, Countdown } from '../../../shared/alerts';

export type LaunchStatus =
  | 'go'
  | 'tbc'
  | 'tbd'
  | 'hold'
  | 'scrubbed'
  | 'in-flight'
  | 'success'
  | 'failure'
  | 'partial-failure';

/** One launch as the launches module knows it now. */
export interface LaunchSnapshot {
  id: string;
  name: string;
  /** No earlier than (epoch ms); null when unknown. */
  net: number | null;
  status: LaunchStatus;
  provider: string;
  vehicle: string;
}

export interface LaunchInfo {
  id: string;
  name: string;
  net: number | null;
  provider: string;
  vehicle: string;
}

export type AuroraLevel = 'none' | 'camera' | AuroraTier;

/** The aurora at one user's place, now. */
export interface AuroraState {
  tier: AuroraLevel;
  /** The Sun's altitude at the place, degrees. */
  sunAltitude: number;
}

/** Tonight's stargazing verdict at one user's place. */
export interface TonightState {
  /** The local date of the evening it is for (YYYY-MM-DD). */
  date: string;
  verdict: 'go' | 'maybe' | 'no-go';
  /** One line to show, e.g. "Clear from 21:00, Moon down". */
  summary?: string;
}

/** A satellite pass over one user's place. */
export interface Pass {
  /** Stable for one pass (satellite and start time). */
  id: string;
  satellite: string;
  start: number;
  end: number;
  maxElevation: number;
  /** Sunlit while the observer is in darkness: visible to the eye. */
  visible: boolean;
  magnitude?: number;
  startDirection?: string;
  endDirection?: string;
}

/** An event in the sky (eclipse, meteor shower peak, conjunction…). */
export interface SkyEvent {
  id: string;
  title: string;
  start: number;
  /** The local date it happens on at the user's place (YYYY-MM-DD). */
  date: string;
  description?: string;
}

export interface StoryRef {
  id: number;
  title: string;
  url: string;
  source: string;
}

/** What an alert is composed from when it is sent (stored as JSON). */
export type AlertPayload =
  | { type: 'launch'; event: 'countdown'; countdown: Countdown; launch: LaunchInfo }
  | { type: 'launch'; event: 'moved'; from: number; launch: LaunchInfo }
  | { type: 'launch'; event: 'status'; status: 'hold' | 'scrubbed' | 'tbd'; launch: LaunchInfo }
  | { type: 'launch'; event: 'liftoff'; launch: LaunchInfo }
  | {
      type: 'launch';
      event: 'outcome';
      status: 'success' | 'failure' | 'partial-failure';
      launch: LaunchInfo;
    }
  | { type: 'aurora'; event: 'rise' | 'ended'; tier: AuroraLevel }
  | { type: 'tonight'; date: string; summary?: string }
  | { type: 'pass'; pass: Pass }
  | { type: 'sky-event'; event: SkyEvent }
  | {
      type: 'stories';
      /** Every match in the group; `items` holds the first few. */
      total: number;
      items: StoryRef[];
      query?: string;
      topic?: string;
    }
  | { type: 'test'; channelName: string };

/** An alert a trigger asks for: the engine adds the rule and stores it once. */
export interface AlertIntent {
  /** The event's own key; with the rule id, the alert's identity. */
  key: string;
  /** e.g. "launch.countdown", "stories". */
  kind: string;
  dueAt: number;
  /** Alerts cancelled or replaced together. */
  group?: string;
  /** A "now" event: may break quiet hours where the rule allows it. */
  nowEvent?: boolean;
  payload: AlertPayload;
}

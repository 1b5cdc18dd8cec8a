// Where the engine's events come from: one function per trigger kind, each
// answered by the module that owns the data: the launches module for the
// schedule and the launches of followed topics (launch-sources.ts), the sky
// module for aurora, tonight, passes and sky events (sky-sources.ts, once per
// place), the topics module for a story's topics. Tests and the replay may
// pass their own sources.
import type { Config } from '../config';
import type { DB } from '../db/database';
import type { SkyService } from '../sky/service';
import { storiesAboutTopic } from '../topics/service';
import { launchSources } from './launch-sources';
import { skySources } from './sky-sources';
import type { AuroraState, LaunchSnapshot, Pass, SkyEvent, TonightState } from './triggers/types';

export interface AlertSources {
  /** The launch schedule as it stands (launches module); null: not available. */
  launches(now: number): Promise<LaunchSnapshot[] | null>;
  /** Launch ids each user follows: the launches of their followed topics (launches, topics). */
  followedLaunches(userIds: number[]): Promise<Map<number, Set<string>>>;
  /** The aurora at each user's place (sky module: aurora tiers, Sun altitude). */
  aurora(userIds: number[], now: number): Promise<Map<number, AuroraState>>;
  /** Tonight's verdict at each user's place (sky module). */
  tonight(userIds: number[], now: number): Promise<Map<number, TonightState>>;
  /** Visible ISS passes over each user's place in the next hours (sky module, satellite.js). */
  passes(userIds: number[], now: number): Promise<Map<number, Pass[]>>;
  /** Today's sky events at each user's place (sky module's calendar). */
  skyEvents(userIds: number[], now: number): Promise<Map<number, SkyEvent[]>>;
  /** The items among `itemIds` about `topic`, a slug or a topic's name (topics module). */
  storiesAboutTopic(topic: string, itemIds: number[]): Promise<Set<number>>;
}

const none = async <K, V>() => new Map<K, V>();

/** Sources that report nothing (a kind no module answers). */
export const noSources: AlertSources = {
  launches: async () => null,
  followedLaunches: none,
  aurora: none,
  tonight: none,
  passes: none,
  skyEvents: none,
  storiesAboutTopic: async () => new Set(),
};

export interface SourceDeps {
  db: DB;
  config: Config;
  /** The sky service the routes use too, so both share its cached upstream answers. */
  sky: SkyService;
}

/** The sources of a running server: the other modules' services. */
export function moduleSources(deps: SourceDeps): AlertSources {
  return {
    ...launchSources(deps.db),
    ...skySources(deps),
    storiesAboutTopic: (topic, itemIds) => storiesAboutTopic(deps.db, topic, itemIds),
  };
}

/** Sources with some kinds filled in (tests, the replay, the bench); the rest real when deps are given. */
export function withSources(partial: Partial<AlertSources>, deps?: SourceDeps): AlertSources {
  return { ...(deps ? moduleSources(deps) : noSources), ...partial };
}

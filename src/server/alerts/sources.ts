// Where the engine's events come from: one function per trigger kind. Each
// other module's service is wired in here when it lands (launches, tonight and
// aurora, passes and sky events, topics); until then a kind reports nothing and
// its rules are stored and validated but never fire. Tests and the replay pass
// their own sources.
import type { AppContext } from '../context';
import type { AuroraState, LaunchSnapshot, Pass, SkyEvent, TonightState } from './triggers/types';

export interface AlertSources {
  /** The launch schedule as it stands (launches module); null: not available. */
  launches(now: number): Promise<LaunchSnapshot[] | null>;
  /** Launch ids each user follows (launches module). */
  followedLaunches(userIds: number[]): Promise<Map<number, Set<string>>>;
  /** The aurora at each user's place (sky module: aurora tiers, Sun altitude). */
  aurora(userIds: number[], now: number): Promise<Map<number, AuroraState>>;
  /** Tonight's verdict at each user's place (sky module). */
  tonight(userIds: number[], now: number): Promise<Map<number, TonightState>>;
  /** Visible ISS passes over each user's place in the next hours (sky module, satellite.js). */
  passes(userIds: number[], now: number): Promise<Map<number, Pass[]>>;
  /** Today's sky events at each user's place (sky module's calendar). */
  skyEvents(userIds: number[], now: number): Promise<Map<number, SkyEvent[]>>;
  /**
   * The items among `itemIds` about `topic` (topics module). Until it lands a
   * topic matches nothing, so a rule with only a topic stays silent.
   */
  storiesAboutTopic(topic: string, itemIds: number[]): Promise<Set<number>>;
}

const none = async <K, V>() => new Map<K, V>();

/** The sources of a running server: the other modules' services, as far as they exist. */
export function moduleSources(_ctx: Pick<AppContext, 'db' | 'config'>): AlertSources {
  return {
    launches: async () => null,
    followedLaunches: none,
    aurora: none,
    tonight: none,
    passes: none,
    skyEvents: none,
    storiesAboutTopic: async () => new Set(),
  };
}

/** Sources with some kinds filled in (tests, the replay, the bench). */
export function withSources(
  partial: Partial<AlertSources>,
  ctx?: Pick<AppContext, 'db' | 'config'>,
): AlertSources {
  return { ...moduleSources(ctx ?? ({} as Pick<AppContext, 'db' | 'config'>)), ...partial };
}

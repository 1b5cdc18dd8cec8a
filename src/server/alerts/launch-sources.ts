// The launch alert sources: the schedule as the launches module stores it
// (NET history, polling within the LL2 budget), and the launches each user
// follows: those of the topics they follow (a launch belongs to a topic when
// its name, mission, vehicle or provider names it).
import type { DB } from '../db/database';
import { launchTopics, scheduleForAlerts, type ScheduledLaunch } from '../launches/service';
import { followedTopicsOf } from '../topics/service';
import type { AlertSources } from './sources';
import type { LaunchStatus } from './triggers/types';

// LL2 status ids: 1 Go, 2 TBD, 3 Success, 4 Failure, 5 Hold, 6 In Flight,
// 7 Partial Failure, 8 TBC, 9 Payload Deployed.
const BY_ID: Record<number, LaunchStatus> = {
  1: 'go',
  2: 'tbd',
  3: 'success',
  4: 'failure',
  5: 'hold',
  6: 'in-flight',
  7: 'partial-failure',
  8: 'tbc',
  9: 'success',
};
const BY_ABBREV: Record<string, LaunchStatus> = {
  go: 'go',
  tbd: 'tbd',
  tbc: 'tbc',
  hold: 'hold',
  'in flight': 'in-flight',
  success: 'success',
  failure: 'failure',
  'partial failure': 'partial-failure',
};

/** LL2's status → the trigger's; an unknown one reads as TBD (no countdowns). */
export function launchStatus(l: Pick<ScheduledLaunch, 'statusId' | 'statusAbbrev'>): LaunchStatus {
  return (
    (l.statusId !== null ? BY_ID[l.statusId] : undefined) ??
    BY_ABBREV[(l.statusAbbrev ?? '').trim().toLowerCase()] ??
    'tbd'
  );
}

export function launchSources(db: DB): Pick<AlertSources, 'launches' | 'followedLaunches'> {
  return {
    async launches(now) {
      const schedule = await scheduleForAlerts(db, now);
      return (
        schedule?.map((l) => ({
          id: l.id,
          name: l.name,
          net: l.net,
          status: launchStatus(l),
          provider: l.provider ?? '',
          vehicle: l.vehicle ?? '',
        })) ?? null
      );
    },

    async followedLaunches(userIds) {
      const [follows, topics] = await Promise.all([
        followedTopicsOf(db, userIds),
        launchTopics(db, Date.now()),
      ]);
      const out = new Map<number, Set<string>>();
      for (const [userId, slugs] of follows) {
        const wanted = new Set(slugs);
        const ids = [...topics].filter(([, of]) => of.some((t) => wanted.has(t))).map(([id]) => id);
        out.set(userId, new Set(ids));
      }
      return out;
    },
  };
}

// The launch-schedule job (issue 27): polls Launch Library 2 into the launch
// store within its call budget, on the adaptive cadence the launches module
// plans (4 h far from a launch, down to 20 minutes near T−0, once at T+60 s),
// then refreshes the rocket_launch sources, whose items are read from the store.
// Run Now polls at once when the budget allows, and says when it does not.
import { operatorHttp } from '../net/guarded-http';
import { readDocumentOffThread } from '../ingest/off-thread';
import { refreshSources, type IngestContext } from '../ingest/pipeline';
import { everyFetchFailed } from '../ingest/refresh-summary';
import { activeSources } from '../ingest/store/repository';
import { CALLS_PER_HOUR } from '../launches/budget';
import { callBudget, nextPollAt } from '../launches/service';
import { pollLaunches, type PollDeps } from '../launches/poll';
import { adaptive } from './schedule';
import { JobFailure, type JobDefinition } from './types';

export const LAUNCH_SCHEDULE_TEXT =
  'Every 4 hours; every 2 hours from T−24 h, hourly from T−12 h, every 20 minutes from T−1 h, and once at T+60 s';

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);

export function launchScheduleJob(ctx: IngestContext): JobDefinition {
  const { db, config } = ctx;
  const deps: PollDeps = {
    db,
    config: config.ingest,
    http: operatorHttp(config.ingest),
    parse: (text) => readDocumentOffThread(config.ingest, { kind: 'launches', text }),
  };
  return {
    name: 'launch-schedule',
    title: 'Launch Schedule',
    description: `Polls Launch Library 2 for the launch schedule, at most ${CALLS_PER_HOUR} calls in any hour, and refreshes the launch sources from it.`,
    schedule: adaptive(LAUNCH_SCHEDULE_TEXT),
    enabledByDefault: true,
    async run({ now, trigger, signal }) {
      const poll = await pollLaunches(deps, now.getTime());
      const failures: string[] = [];
      const result = await refreshSources(ctx, await activeSources(db, 'rocket_launch'), {
        signal,
        failures,
      });
      const figures = {
        ...result,
        llCalls: poll.calls,
        launchesAdded: poll.added,
        launchesChanged: poll.changed,
      };
      const failed = everyFetchFailed(result, failures);
      if (failed) throw new JobFailure(failed, figures);
      if (poll.error) throw new JobFailure(poll.error, figures);
      if (trigger === 'manual' && poll.calls === 0 && poll.deferred) {
        const at = clock(poll.retryAt ?? poll.nextPollAt);
        throw new JobFailure(
          poll.deferred === 'throttled'
            ? `Launch Library is throttling AstroDash; a poll is possible again at ${at} UTC.`
            : `The Launch Library budget is spent (${CALLS_PER_HOUR} calls in the last hour); a poll is possible again at ${at} UTC.`,
          figures,
        );
      }
      return figures;
    },
    nextRunAt: (now) => nextPollAt(db, now),
    details: async (now) => ({ callBudget: await callBudget(db, now) }),
  };
}

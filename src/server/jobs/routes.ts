// The Jobs card's calls (admin) and the rocket page's launch status (any signed-in user).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JOB_IN_PROGRESS,
  PURGE_IN_PROGRESS,
  runJobSchema,
  updateJobSchema,
  type JobsResponse,
  type LaunchStatus,
} from '../../shared/admin';
import type { AppContext } from '../context';
import { conflict } from '../http/errors';
import * as repo from './repository';
import { toJobInfo, toJobRun, toLaunchStatus } from './presenter';

const RUNS_SHOWN = 5;

export function jobRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db, jobs } = ctx;

  async function listJobs(): Promise<JobsResponse> {
    const [rows, running] = await Promise.all([repo.listJobRows(db), jobs.running()]);
    const byName = new Map(rows.map((r) => [r.name, r]));
    const now = jobs.clock.now();
    return {
      jobs: await Promise.all(
        jobs.definitions.map(async (def) =>
          toJobInfo(
            def,
            byName.get(def.name),
            running.has(def.name),
            await repo.recentRuns(db, def.name, RUNS_SHOWN),
            await def.details?.(now),
          ),
        ),
      ),
      purgeAgeDays: ctx.config.purgeAgeDays,
    };
  }

  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/_api/admin/jobs', async () => listJobs());

    // Waits for the run and answers it, so Run Now can show its figures.
    r.post('/_api/admin/jobs/run', { schema: { body: runJobSchema } }, async (request) => {
      const { name } = request.body;
      const outcome = await jobs.run(name, 'manual');
      if (outcome.status === 'busy')
        throw conflict(name === 'purge' ? PURGE_IN_PROGRESS : JOB_IN_PROGRESS);
      return { run: toJobRun(outcome.run) };
    });

    r.post('/_api/admin/jobs/update', { schema: { body: updateJobSchema } }, async (request) => {
      await jobs.setEnabled(request.body.name, request.body.enabled);
      const { jobs: list } = await listJobs();
      return { job: list.find((j) => j.name === request.body.name) };
    });

    r.get('/_api/news/launch-status', async (): Promise<LaunchStatus> => {
      const [row, running, last] = await Promise.all([
        repo.findJobRow(db, 'launch-schedule'),
        jobs.running(),
        repo.lastFinishedRun(db, 'launch-schedule'),
      ]);
      return toLaunchStatus(row, running.has('launch-schedule'), last);
    });
  };
}

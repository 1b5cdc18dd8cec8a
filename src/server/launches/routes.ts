// The launch calls (issue 27), for any signed-in user (the session guard
// covers /_api/): the list, one launch with its history, comments and
// stories, and one launch as an .ics file whose UID survives date changes.
// Stories are only those of sources in the caller's feed.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LAUNCH_NOT_FOUND,
  launchIdOf,
  launchIdParams,
  type LaunchDetailResponse,
  type LaunchesResponse,
} from '../../shared/launches';
import { APP_ROUTES } from '../../shared/routes';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { notFound } from '../http/errors';
import { publicOrigin } from '../http/host-guard';
import { calendarFileName, launchCalendar } from './calendar';
import { launchDetail, launchList } from './page';
import { findLaunch } from './repository';

export function launchRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;
  const now = () => ctx.jobs.clock.now();
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/_api/launches', async (request): Promise<LaunchesResponse> =>
      launchList(db, requireUser(request).id, now()),
    );

    app.get(
      '/_api/launches/:id',
      { schema: { params: launchIdParams } },
      async (request): Promise<LaunchDetailResponse> => {
        const user = requireUser(request);
        const id = launchIdOf(request.params.id);
        const found = id && (await launchDetail(db, user.id, id));
        if (!found) throw notFound(LAUNCH_NOT_FOUND);
        return found;
      },
    );

    app.get(
      '/_api/launches/:id/calendar.ics',
      { schema: { params: launchIdParams } },
      async (request, reply) => {
        requireUser(request);
        const id = launchIdOf(request.params.id);
        const row = id && (await findLaunch(db, id));
        if (!row) throw notFound(LAUNCH_NOT_FOUND);
        const origin = publicOrigin(ctx.config, request);
        const page = `${origin}${APP_ROUTES.rocketLaunches}?launch=${row.id}`;
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="${calendarFileName(row)}"`)
          .header('cache-control', 'no-store')
          .send(launchCalendar(row, page, now()));
      },
    );
  };
}

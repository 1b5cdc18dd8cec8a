// Satellite passes and the sky-events calendar (issue 28, part 2): JSON calls
// under /_api/sky/ (signed in, same origin) and the private iCal subscription
// outside /_api/ (the token is the key). Registered beside the strip's sky routes.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CALENDAR_FEED_NOT_FOUND,
  EVENTS_DEFAULT_MONTHS,
  NO_PLACE_MESSAGE,
  eventsQuerySchema,
  passSettingsSchema,
  type CalendarFeedResponse,
  type CreatedCalendarFeed,
  type SatellitePassesResponse,
  type SkyEvent,
  type SkyEventsResponse,
} from '../../shared/sky-calendar';
import { noInputSchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { badRequest, notFound } from '../http/errors';
import { publicOrigin } from '../http/host-guard';
import { calendarFeedPath, calendarFeedServer } from './calendar-feed';
import { eventStories } from './event-stories';
import { calendarEvents, type CalendarEvent } from './events';
import { observerOf } from './observer';
import { createPassService } from './pass-service';
import {
  createCalendarFeed,
  deleteCalendarFeed,
  findCalendarFeed,
  minPassElevation,
  setMinPassElevation,
} from './sky-repository';

/**
 * That night's verdict for an event within the forecast. The Tonight verdict is
 * issue 28's other half (lane `tonight`); at its merge this returns it. Until
 * then no event carries one.
 */
export type VerdictOf = (
  event: CalendarEvent,
  place: NonNullable<ReturnType<typeof observerOf>>,
) => Promise<SkyEvent['verdict']>;
const noVerdictYet: VerdictOf = async () => undefined;

const iso = (t: number) => new Date(t).toISOString();

export function skyCalendarRoutes(
  ctx: AppContext,
  verdictOf: VerdictOf = noVerdictYet,
): FastifyPluginAsync {
  const { db } = ctx;
  const passesAt = createPassService(ctx.config, db);
  const storiesFor = eventStories(ctx);

  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/_api/sky/passes', async (request): Promise<SatellitePassesResponse> => {
      const user = requireUser(request);
      const place = observerOf(user);
      if (!place) throw badRequest(NO_PLACE_MESSAGE);
      return passesAt(place, await minPassElevation(db, user.id), Date.now());
    });

    app.post(
      '/_api/sky/passes/settings',
      { schema: { body: passSettingsSchema } },
      async (request) => {
        const user = requireUser(request);
        await setMinPassElevation(db, user.id, request.body.minElevation, Date.now());
        return { minElevation: request.body.minElevation };
      },
    );

    app.get(
      '/_api/sky/events',
      { schema: { querystring: eventsQuerySchema } },
      async (request): Promise<SkyEventsResponse> => {
        const user = requireUser(request);
        const now = Date.now();
        const from = request.query.from ?? now;
        const to =
          request.query.to ??
          new Date(from).setUTCMonth(new Date(from).getUTCMonth() + EVENTS_DEFAULT_MONTHS);
        if (to <= from) throw badRequest('from must be before to');
        const place = observerOf(user);
        const events = calendarEvents(from, to, place);
        const stories = await storiesFor(user.id, events, now);
        const withExtras = await Promise.all(
          events.map(async (e): Promise<SkyEvent> => {
            const verdict = place ? await verdictOf(e, place) : undefined;
            return { ...e, ...(verdict && { verdict }), stories: stories.get(e.id) ?? [] };
          }),
        );
        return { events: withExtras, place, from: iso(from), to: iso(to) };
      },
    );

    app.get('/_api/sky/calendar-feed', async (request): Promise<CalendarFeedResponse> => {
      const row = await findCalendarFeed(db, requireUser(request).id);
      return {
        feed: row
          ? {
              createdAt: iso(row.created_at),
              lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
            }
          : null,
      };
    });

    app.post(
      '/_api/sky/calendar-feed',
      { schema: { body: noInputSchema } },
      async (request): Promise<CreatedCalendarFeed> => {
        const user = requireUser(request);
        const now = Date.now();
        const token = await createCalendarFeed(db, user.id, now);
        return {
          url: `${publicOrigin(ctx.config, request)}${calendarFeedPath(token)}`,
          createdAt: iso(now),
          lastUsedAt: null,
        };
      },
    );

    app.post(
      '/_api/sky/calendar-feed/delete',
      { schema: { body: noInputSchema } },
      async (request) => {
        if (!(await deleteCalendarFeed(db, requireUser(request).id)))
          throw notFound(CALENDAR_FEED_NOT_FOUND);
        return { success: true };
      },
    );

    app.get('/calendar/:file', calendarFeedServer(ctx));
  };
}

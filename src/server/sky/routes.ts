// The header strip's calls: weather for the user's place (a ZIP, or coordinates:
// issue 28), the Moon for a place, space weather; and issue 28's tonight routes.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UNKNOWN_ZIP_MESSAGE } from '../../shared/sky';
import { moonPhaseQuerySchema, weatherQuerySchema } from '../../shared/sky-schemas';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { badRequest } from '../http/errors';
import { moonPhaseAt } from './moon';
import { placeOf, zipPlace } from './place';
import { createSkyService, type SkyService } from './service';
import { skyCalendarRoutes } from './skycal-routes';
import { eventVerdicts } from './tonight-answer';
import { tonightRoutes } from './tonight-routes';

export const NO_ZIP_MESSAGE = 'Set your ZIP code to see local weather.';

export function skyRoutes(
  ctx: AppContext,
  sky: SkyService = createSkyService(ctx.config, ctx.log),
): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // Satellite passes and the sky-events calendar (issue 28), each event with that night's verdict.
    await app.register(skyCalendarRoutes(ctx, eventVerdicts(sky, ctx.config)));

    app.get(
      '/_api/weather/current',
      { schema: { querystring: weatherQuerySchema } },
      async (request) => {
        const user = requireUser(request);
        const own = placeOf(user);
        const zipCode = request.query.zipCode;
        const place = zipCode ? zipPlace(zipCode, own?.units) : own;
        if (!place) throw badRequest(zipCode ? UNKNOWN_ZIP_MESSAGE : NO_ZIP_MESSAGE);
        return sky.weather(place);
      },
    );

    app.get(
      '/_api/astronomy/moon_phase',
      { schema: { querystring: moonPhaseQuerySchema } },
      async (request) => {
        requireUser(request);
        return moonPhaseAt(new Date(), request.query.latitude, request.query.longitude);
      },
    );

    app.get('/_api/space-weather/current', async (request) => {
      requireUser(request);
      return sky.spaceWeather();
    });

    await base.register(tonightRoutes(ctx, sky));
  };
}

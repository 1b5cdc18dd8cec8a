// The header strip's calls: weather for a ZIP, the Moon for a place, space weather.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UNKNOWN_ZIP_MESSAGE } from '../../shared/sky';
import { moonPhaseQuerySchema, weatherQuerySchema } from '../../shared/sky-schemas';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { badRequest } from '../http/errors';
import { moonPhaseAt } from './moon';
import { createSkyService } from './service';
import { skyCalendarRoutes } from './skycal-routes';
import { lookupZip } from './zip';

export const NO_ZIP_MESSAGE = 'Set your ZIP code to see local weather.';

export function skyRoutes(ctx: AppContext): FastifyPluginAsync {
  const sky = createSkyService(ctx.config, ctx.log);
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // Satellite passes and the sky-events calendar (issue 28): their own file.
    await app.register(skyCalendarRoutes(ctx));

    app.get(
      '/_api/weather/current',
      { schema: { querystring: weatherQuerySchema } },
      async (request) => {
        const user = requireUser(request);
        const zipCode = request.query.zipCode ?? user.zip_code;
        if (!zipCode) throw badRequest(NO_ZIP_MESSAGE);
        const place = lookupZip(zipCode);
        if (!place) throw badRequest(UNKNOWN_ZIP_MESSAGE);
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
  };
}

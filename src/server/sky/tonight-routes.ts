// Issue 28's sky calls: the Tonight verdict with the aurora tier at the user's place,
// and the offline city search the location dialog offers outside the US.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PlaceSearchResult } from '../../shared/sky-tonight';
import { placeSearchQuerySchema } from '../../shared/sky-schemas';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { HttpError, badRequest } from '../http/errors';
import { searchCities } from './cities';
import { placeOf } from './place';
import type { SkyService } from './service';
import { tonightAnswer } from './tonight-answer';

export const NO_PLACE_MESSAGE = "Set your location to see tonight's verdict.";

export function tonightRoutes(ctx: AppContext, sky: SkyService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/_api/sky/tonight', async (request) => {
      const user = requireUser(request);
      const place = placeOf(user);
      if (!place) throw badRequest(NO_PLACE_MESSAGE);
      const answer = await tonightAnswer(sky, ctx.config, place);
      // Without the cloud forecast there is no verdict to give.
      if ('error' in answer) throw new HttpError(503, answer.error);
      return answer;
    });

    app.get(
      '/_api/sky/places',
      { schema: { querystring: placeSearchQuerySchema } },
      async (request): Promise<{ places: PlaceSearchResult[] }> => {
        requireUser(request);
        const places = (await searchCities(request.query.q)).map((c) => ({
          id: c.id,
          name: c.name,
          label: c.label,
          latitude: c.latitude,
          longitude: c.longitude,
          population: c.population,
        }));
        return { places };
      },
    );
  };
}

// The reader apps' APIs (issue 26): the Google Reader API under /api/greader/
// and the Fever API at /api/fever/, adapters over news/, reading/ and sources/;
// the sites' icons both name, at /api/icons/:id.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { feverRoutes } from './fever/routes';
import { greaderRoutes } from './greader/routes';
import { siteIconRoutes } from './site-icons';

export function syncRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    await app.register(greaderRoutes(ctx));
    await app.register(feverRoutes(ctx));
    await app.register(siteIconRoutes(ctx.db));
  };
}

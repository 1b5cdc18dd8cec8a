import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';

export function newsRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async (_app) => {};
}

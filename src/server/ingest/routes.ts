import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';

export function ingestRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async (_app) => {};
}

import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';

export function accountRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async (_app) => {};
}

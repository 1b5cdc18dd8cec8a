// What every server module receives: configuration, the database and shared services.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DB, Dialect } from './db/database';
import type { RateLimiter } from './http/rate-limit';

export interface AppContext {
  config: Config;
  db: DB;
  dialect: Dialect;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}

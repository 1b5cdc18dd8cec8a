// What every server module receives: configuration, the database and shared services.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { DB, Dialect } from './db/database';
import type { RateLimiter } from './http/rate-limit';
import type { JobRunner } from './jobs/runner';
import type { AlertEngine } from './alerts/engine';

export interface AppContext {
  config: Config;
  db: DB;
  dialect: Dialect;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** The background jobs (jobs/): scheduled by main.ts, runnable by hand from the admin calls. */
  jobs: JobRunner;
  /** The alerts engine (alerts/): its dispatcher runs beside the jobs. */
  alerts: AlertEngine;
}

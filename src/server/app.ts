// Builds the Fastify app from its modules. main.ts listens; tests build it too.
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { DB, Dialect } from './db/database';
import { registerErrorHandling } from './http/errors';
import { registerSessionLoading } from './http/auth-guard';
import { createRateLimiter } from './http/rate-limit';
import { registerSecurity } from './http/security';
import { registerWebApp } from './http/static';
import { authRoutes } from './auth/routes';
import { accountRoutes } from './account/routes';
import { sourcesRoutes } from './sources/routes';
import { newsRoutes } from './news/routes';
import { ingestRoutes } from './ingest/routes';
import { adminRoutes } from './admin/routes';
import { createJobs, type JobDeps } from './jobs';
import { jobRoutes } from './jobs/routes';
import type { Clock } from './jobs/clock';

export interface BuildOptions {
  config: Config;
  db: DB;
  dialect: Dialect;
  /** Directory of the built web app; tests may point elsewhere. */
  webDir?: string;
  logger?: boolean;
  /** The jobs' clock (tests) and dependencies (the AI briefing for the news refresh). */
  jobs?: { clock?: Clock; deps?: JobDeps };
}

export async function buildApp(
  options: BuildOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, db, dialect } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // A hop count trusts that many proxies in front of us, like proxy-addr's number form.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The news refresh's AI briefing: deps.briefing(slot, now); wire the AI module's writer here
  // (a closure may refer to ctx below, since it is only called when the job runs).
  const jobs = await createJobs({ config, db, log: app.log }, options.jobs);
  const ctx: AppContext = {
    config,
    db,
    dialect,
    rateLimiter: createRateLimiter(db),
    log: app.log,
    jobs,
  };

  registerErrorHandling(app);
  await registerSecurity(app, config);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  registerSessionLoading(app, db);

  await app.register(authRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(sourcesRoutes(ctx));
  await app.register(newsRoutes(ctx));
  await app.register(ingestRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(jobRoutes(ctx));

  await registerWebApp(app, config, options.webDir);
  return { app, ctx };
}

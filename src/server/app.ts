// Builds the Fastify app from its modules. main.ts listens; tests build it too.
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { DB, Dialect } from './db/database';
import { DEFAULT_BODY_LIMIT, registerBodyParsing } from './http/body';
import { registerErrorHandling } from './http/errors';
import { registerSessionLoading } from './http/auth-guard';
import { createRateLimiter } from './http/rate-limit';
import { registerDrain, type Drain } from './http/drain';
import { registerHostGuard } from './http/host-guard';
import { registerSecurity } from './http/security';
import { loggerOptions, registerRequestLogging } from './http/logging';
import { registerWebApp } from './http/static';
import { applyAdminEmail } from './auth/admin-email';
import { requestSessionUser } from './auth/sessions';
import { authRoutes } from './auth/routes';
import { accountRoutes } from './account/routes';
import { sourcesRoutes } from './sources/routes';
import { ingestRoutes } from './ingest/routes';
import { fetchSourceNow } from './ingest/fetch-now';
import { newsRoutes } from './news/routes';
import { topicStories } from './news/list';
import { topicsRoutes } from './topics/routes';
import { launchesOfTopic } from './launches/service';
import { readingRoutes } from './reading/routes';
import { syncRoutes } from './sync/routes';
import { storiesRoutes } from './stories/routes';
import { announcementsRoutes } from './announcements/routes';
import { skyRoutes } from './sky/routes';
import { createSkyService } from './sky/service';
import { aiRoutes } from './ai/routes';
import { briefingForJobs } from './ai/briefing';
import { refreshAfterLogin, refreshRoutes } from './news/refresh-routes';
import { adminRoutes } from './admin/routes';
import { createJobs, type JobDeps } from './jobs';
import { jobRoutes } from './jobs/routes';
import { launchRoutes } from './launches/routes';
import type { Clock } from './jobs/clock';
import { createAlertEngine, type AlertEngineOptions } from './alerts/engine';
import { alertsRoutes } from './alerts/routes';

export interface BuildOptions {
  config: Config;
  db: DB;
  dialect: Dialect;
  /** Directory of the built web app; tests may point elsewhere. */
  webDir?: string;
  logger?: boolean;
  /** The jobs' clock (tests) and dependencies (the AI briefing for the news refresh). */
  jobs?: { clock?: Clock; deps?: JobDeps };
  /** The alerts engine's clock, event sources and HTTP client (tests). */
  alerts?: AlertEngineOptions;
}

export async function buildApp(
  options: BuildOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext; drain: Drain }> {
  const { config, db, dialect } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    // Fastify's own per-request lines are off; http/logging.ts logs requests at debug.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies in front of us, like proxy-addr's number form.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Each route's own limit, if larger, is set in http/body.ts.
    bodyLimit: DEFAULT_BODY_LIMIT,
  });
  registerBodyParsing(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // One sky service (its per-place caches) for the sky routes and the alerts' sky sources.
  const sky = createSkyService(config, app.log);
  const alerts = createAlertEngine(
    { config, db, dialect, log: app.log },
    { clock: options.jobs?.clock, sky, ...options.alerts },
  );
  // Web push's VAPID key pair is made on first start and kept in the database.
  await alerts.vapidPublicKey();
  // The news refresh ends with the morning or evening AI briefing (tests may replace it).
  const jobs = await createJobs(
    { config, db, log: app.log },
    {
      ...options.jobs,
      deps: {
        briefing: briefingForJobs({ config, db, dialect, log: app.log }),
        alerts: (now, signal) => alerts.runJob(now.getTime(), signal),
        ...options.jobs?.deps,
      },
    },
  );
  const ctx: AppContext = {
    config,
    db,
    dialect,
    rateLimiter: createRateLimiter(db),
    log: app.log,
    jobs,
    alerts,
  };
  app.addHook('onClose', () => alerts.stop());

  // ADMIN_EMAIL is applied once here, at start, never at sign-in or registration.
  await applyAdminEmail(db, config.adminEmail, app.log);

  registerErrorHandling(app);
  const drain = registerDrain(app);
  registerHostGuard(app, config);
  registerRequestLogging(app);
  await registerSecurity(app, config);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  registerSessionLoading(app, (request) => requestSessionUser(db, request));

  await app.register(authRoutes(ctx, { afterLogin: refreshAfterLogin(ctx) }));
  await app.register(accountRoutes(ctx));
  await app.register(sourcesRoutes(ctx, { fetchNow: (id) => fetchSourceNow(ctx, id) }));
  await app.register(ingestRoutes(ctx));
  await app.register(newsRoutes(ctx));
  await app.register(readingRoutes(ctx));
  await app.register(
    topicsRoutes(ctx, {
      topicItems: topicStories({
        db: ctx.db,
        dialect: ctx.dialect,
        searchCountLimit: ctx.config.searchCountLimit,
      }),
      topicLaunches: (slug) => launchesOfTopic(db, slug, Date.now()),
    }),
  );
  await app.register(syncRoutes(ctx));
  await app.register(storiesRoutes(ctx));
  await app.register(refreshRoutes(ctx));
  await app.register(announcementsRoutes(ctx));
  await app.register(skyRoutes(ctx, sky));
  await app.register(aiRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(jobRoutes(ctx));
  await app.register(alertsRoutes(ctx, alerts));
  await app.register(launchRoutes(ctx));

  await registerWebApp(app, config, options.webDir);
  return { app, ctx, drain };
}

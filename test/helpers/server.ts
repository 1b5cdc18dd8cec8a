// A real AstroDash server on an ephemeral port over a real database.
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import type { Dialect } from '../../src/server/db/database';
import { createTestDatabase, type TestDatabase } from './database';
import { ApiClient } from './client';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  database: TestDatabase;
  db: TestDatabase['db'];
  /** A fresh client with its own cookie jar. */
  client(): ApiClient;
  close(): Promise<void>;
}

export interface TestServerOptions {
  dialect?: Dialect;
  /** Extra environment, e.g. { ADMIN_EMAIL: 'x@y.z', YOUTUBE_BASE_URL: fixtures.url }. */
  env?: Record<string, string>;
  webDir?: string;
  /** The jobs' clock and dependencies (the alerts engine shares the clock). */
  jobs?: BuildOptions['jobs'];
  /** The alerts engine's event sources and options. */
  alerts?: BuildOptions['alerts'];
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase(options.dialect ?? 'sqlite');
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEFAULT_SOURCES: 'false',
    JOBS_ENABLED: 'false',
    // Recorded payloads are years old: keep them (purge tests set their own age).
    PURGE_AGE_DAYS: '0',
    FETCH_ALLOW_PRIVATE_NETWORK: 'true',
    // As if behind a reverse proxy, so tests can stand in for many client IPs.
    TRUST_PROXY: 'true',
    // No internet in tests: the header strip's upstreams refuse at once unless a suite
    // points them at its fixture server.
    OPEN_METEO_URL: 'http://127.0.0.1:9',
    SWPC_URL: 'http://127.0.0.1:9',
    OPEN_METEO_AIR_QUALITY_URL: 'http://127.0.0.1:9',
    ...options.env,
  });
  const { app, ctx } = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    webDir: options.webDir ?? '/nonexistent',
    jobs: options.jobs,
    alerts: options.alerts,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    app,
    ctx,
    config,
    database,
    db: database.db,
    client: () => new ApiClient(url),
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

// Entry point: read config, open and migrate the database, serve HTTP, start background work.
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './app';
import { startBackgroundWork } from './jobs';
import { closeIngestPool } from './ingest/worker-pool';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const { db, dialect } = openDatabase(config.database);
  await migrateToLatest(db);
  const { app, ctx } = await buildApp({ config, db, dialect });
  const background = await startBackgroundWork(ctx);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await background.stop();
    await app.close();
    await closeIngestPool();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `AstroDash ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} ` +
      `(${dialect}, started in ${Math.round(performance.now() - startedAt)} ms)`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('AstroDash failed to start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});

// Entry point: read config, check the port, open and migrate the database, serve
// HTTP, start background work.
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './app';
import { assertPortFree, portProblem, PortUnavailableError } from './http/port-check';
import { prepareBackgroundWork } from './jobs';
import { closeIngestThreads } from './ingest/ingest-threads';
import { closeDocumentPool } from './ingest/off-thread';

const SHUTDOWN_LIMIT_MS = 10_000;

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  // Before anything is opened, seeded or run: a taken port is the commonest first-run failure.
  await assertPortFree(config.port, config.host);
  const { db, dialect } = openDatabase(config.database);
  await migrateToLatest(db);
  const { app, ctx, drain } = await buildApp({ config, db, dialect });
  const background = await prepareBackgroundWork(ctx);

  // SIGTERM/SIGINT: new requests get 503 at once, in-flight ones finish, background
  // work stops, the database closes; whatever is still running at 10 s is cut off.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const stopAt = Date.now();
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    // Requests and background work get until 1.5 s before the limit; closing takes the rest.
    const waitUntil = stopAt + SHUTDOWN_LIMIT_MS - 1500;
    const requestsDone = drain.start(waitUntil);
    const backgroundDone = background.stop().catch((err: unknown) => {
      app.log.warn({ err }, 'background work did not stop cleanly');
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), waitUntil - Date.now());
    });
    const outcome = await Promise.race([Promise.all([backgroundDone, requestsDone]), deadline]);
    clearTimeout(timer);
    if (outcome === 'late')
      app.log.warn('requests or background work still running; closing anyway');
    await app.close();
    await closeIngestThreads();
    await closeDocumentPool();
    await db.destroy();
    app.log.info(`stopped in ${Date.now() - stopAt} ms`);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Taken since the check: still one clear line, and no job has started.
    const problem = portProblem(err, config.port);
    throw problem ? new PortUnavailableError(problem) : err;
  }
  background.start();
  const bound = app.server.address();
  const port = bound && typeof bound === 'object' ? bound.port : config.port; // PORT=0 picks one
  app.log.info(
    `AstroDash ready on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} ` +
      `(${dialect}, started in ${Math.round(performance.now() - startedAt)} ms)`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof PortUnavailableError) {
    console.error(err.message);
  } else {
    console.error('AstroDash failed to start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});

// The ingestion thread's entry: it holds its own guarded HTTP clients, the
// fetchers and parsers, and its own database connection (better-sqlite3 on
// SQLite, a small pool on PostgreSQL), and runs each source it is given end to
// end (ingest-source.ts). The main thread sends one message per source and
// hears back its outcome; see ingest-threads.ts for the watchdog.
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config';
import { afterStoreSteps } from '../after-store-steps';
import { openDatabase, type DatabaseOptions } from '../db/database';
import { createGuardedHttp } from '../net/guarded-http';
import { ingestSource, type SourceOutcome } from './ingest-source';
import { OneAtATime } from './one-at-a-time';
import type { FetchableSource } from './store/repository';
import { THREAD_BATCH_BUDGET_MS } from './store/write-batch';

export interface ThreadData {
  config: Config;
  database: DatabaseOptions;
  /** [last heartbeat (epoch ms), id of the source whose synchronous work runs]: read by the watchdog. */
  beat: BigInt64Array<SharedArrayBuffer>;
}

export interface IngestRequest {
  id: number;
  source: FetchableSource;
  /** Epoch ms of the refresh. */
  now: number;
}

export interface IngestReply {
  id: number;
  outcome: SourceOutcome;
}

/** How often the thread shows it is alive. */
export const HEARTBEAT_MS = 100;

const { config, database, beat } = workerData as ThreadData;
const { db } = openDatabase(
  database.dialect === 'postgres' ? { ...database, poolSize: 4 } : database,
  { helper: true },
);
const http = createGuardedHttp(config.ingest);
const operatorHttp = createGuardedHttp(config.ingest, { trusted: true });
const ingestion = {
  config,
  db,
  http,
  operatorHttp,
  largeBodies: new OneAtATime(),
  working: (sourceId: number) => Atomics.store(beat, 1, BigInt(sourceId)),
  afterStore: afterStoreSteps,
  writeBudgetMs: THREAD_BATCH_BUDGET_MS,
};

const alive = () => Atomics.store(beat, 0, BigInt(Date.now()));
alive();
const heartbeat = setInterval(alive, HEARTBEAT_MS);

const inFlight = new Set<Promise<void>>();

parentPort?.on('message', (request: IngestRequest | 'close') => {
  if (request === 'close') {
    // Messages arrive in order: every source asked for before this is in flight.
    void Promise.all(inFlight)
      .then(() => Promise.all([db.destroy(), http.close(), operatorHttp.close()]))
      .finally(() => {
        clearInterval(heartbeat);
        parentPort?.close();
      });
    return;
  }
  const done = ingestSource(ingestion, request.source, request.now).then((outcome) => {
    parentPort?.postMessage({ id: request.id, outcome } satisfies IngestReply, []);
    inFlight.delete(done);
  });
  inFlight.add(done);
});

// The thread that stores what ingestion fetched, for a SQLite file: each
// message is one fetch's output, stored through this thread's own connection
// in the write batches of write-batch.ts. better-sqlite3 is synchronous, and
// the inserts (nine indexes, full-text search) were the largest cost left on
// the thread that serves API calls during a refresh. See store-writer.ts.
import { parentPort } from 'node:worker_threads';
import { openDatabase, type DB } from '../db/database';
import { toJobError, unpack } from './fetch-job';
import { storeFetched } from './store/store-fetched';
import type { StoreReply, StoreRequest } from './store-writer';

/** Connections kept open; a server has one database, a test process several. */
const MAX_CONNECTIONS = 4;
const connections = new Map<string, DB>();

function connectionFor({ file, instance }: StoreRequest): DB {
  const key = `${instance}:${file}`;
  let db = connections.get(key);
  if (db) {
    connections.delete(key); // most recently used last
  } else {
    db = openDatabase({ dialect: 'sqlite', file }, { helper: true }).db;
    if (connections.size >= MAX_CONNECTIONS) {
      const [oldest, old] = connections.entries().next().value as [string, DB];
      connections.delete(oldest);
      void old.destroy().catch(() => undefined); // its file may be gone (a test's)
    }
  }
  connections.set(key, db);
  return db;
}

async function store(request: StoreRequest): Promise<StoreReply> {
  try {
    const output = unpack(request.output);
    const added = await storeFetched(connectionFor(request), output, request.settings);
    return { id: request.id, ok: true, added };
  } catch (err) {
    return { id: request.id, ok: false, error: toJobError(err) };
  }
}

const inFlight = new Set<Promise<void>>();

parentPort?.on('message', (request: StoreRequest | 'close') => {
  if (request === 'close') {
    // Messages arrive in order: every store asked for before this is in flight.
    void Promise.all(inFlight)
      .then(() => Promise.all([...connections.values()].map((db) => db.destroy())))
      .finally(() => parentPort?.close());
    return;
  }
  const done = store(request).then((reply) => {
    parentPort?.postMessage(reply, []);
    inFlight.delete(done);
  });
  inFlight.add(done);
});

// Checkpoints the SQLite WAL from a worker thread with its own connection, so
// the thread that serves requests never pays for it. Left to SQLite, the commit
// that crosses wal_autocheckpoint copies the WAL into the database and fsyncs
// it inside that commit, on the main thread: measured, that made commits 4–6×
// slower while a refresh stored items and set the list's p99. A PASSIVE
// checkpoint never blocks a writer or a reader, and once the WAL is fully
// copied the next write starts it over, so its size stays bounded by what is
// written between two checkpoints. The main connection keeps a much higher
// wal_autocheckpoint as a safety net should this thread fall behind or die.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export const CHECKPOINT_INTERVAL_MS = 250;
/** The main connection's own threshold, in pages, for when this thread cannot keep up. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

// CommonJS text run with `eval`, so the bundled server needs no extra entry.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const checkpoint = () => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    if (r.log > 0) parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed });
  } catch { /* busy or closing: next time */ }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** The last checkpoint that found frames in the WAL: its size and how many it copied, in pages. */
  readonly last: { log: number; checkpointed: number } | null;
  /** How many such checkpoints have reported so far. */
  readonly reports: number;
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, intervalMs = CHECKPOINT_INTERVAL_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
  worker.unref();
  // A failed checkpointer leaves the main connection's fallback in charge.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let last: Checkpointer['last'] = null;
  let reports = 0;
  worker.on('message', (m: { log: number; checkpointed: number }) => {
    last = m;
    reports++;
  });
  return {
    get last() {
      return last;
    },
    get reports() {
      return reports;
    },
    async stop() {
      worker.postMessage('stop', []);
      await exited;
    },
  };
}

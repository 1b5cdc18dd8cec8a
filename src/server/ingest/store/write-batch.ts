// Group commit for the ingestion's writes. A refresh finishes sources faster
// than one transaction each can commit them cheaply: every commit writes the
// changed index pages and a new full-text segment, and costs the thread that
// also serves API calls. So the writes of sources that finish together share
// one transaction. Should one of them fail, the batch is rolled back and each
// write runs again in a transaction of its own: only the failing one is lost,
// and its caller hears why. (Not a savepoint per write: releasing one makes
// SQLite's full-text index write a segment, which is the cost saved here.)
//
// A batch holds the SQLite write lock, so it closes after a budget of work;
// what arrives meanwhile goes into the next one. On the server's own connection
// (INGEST_WORKERS=0) API calls wait for that connection, so the budget is
// BATCH_BUDGET_MS. The ingestion thread's connection serves no request: its
// batches may run THREAD_BATCH_BUDGET_MS, and only another writer waits (WAL
// readers never do). A batch's work includes the after-store steps, so one
// source's store alone spends the short budget (bench/README.md).
import type { DB, Tx } from '../../db/database';

export const BATCH_BUDGET_MS = 4;
export const THREAD_BATCH_BUDGET_MS = 25;

type Write<T> = (tx: Tx) => Promise<T>;

interface Pending {
  write: Write<unknown>;
  budgetMs: number;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

interface Queue {
  pending: Pending[];
  running: boolean;
}

const queues = new WeakMap<DB, Queue>();

/**
 * Runs `write` in the next shared transaction; settles once that transaction
 * commits. The write must use the `tx` it is given, never `db`: on SQLite that
 * would wait for this very transaction.
 */
export function inWriteBatch<T>(db: DB, write: Write<T>, budgetMs = BATCH_BUDGET_MS): Promise<T> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { pending: [], running: false }));
  const q = queue;
  return new Promise<T>((resolve, reject) => {
    q.pending.push({ write, budgetMs, resolve: resolve as (value: unknown) => void, reject });
    if (!q.running) {
      q.running = true;
      // Sources finishing in this turn of the event loop join the first batch.
      setImmediate(() => void drain(db, q));
    }
  });
}

async function drain(db: DB, queue: Queue): Promise<void> {
  while (queue.pending.length > 0) {
    const batch: { entry: Pending; value: unknown }[] = [];
    try {
      await db.transaction().execute(async (tx) => {
        const started = performance.now();
        // The batch's first write sets its budget.
        const budgetMs = queue.pending[0].budgetMs;
        while (queue.pending.length > 0 && performance.now() - started < budgetMs) {
          const done = { entry: queue.pending.shift()!, value: undefined as unknown };
          batch.push(done); // before it runs: a failed write is retried with the rest
          done.value = await done.entry.write(tx);
        }
      });
      for (const { entry, value } of batch) entry.resolve(value);
    } catch {
      // One write failed and took the batch with it: each again on its own,
      // so only the failing one is lost and its caller hears why.
      for (const { entry } of batch) {
        try {
          entry.resolve(await db.transaction().execute(entry.write));
        } catch (err) {
          entry.reject(err);
        }
      }
    }
    // Between batches, the event loop: a transaction and its commit resolve as
    // microtasks, so back to back they would keep API calls waiting for all of them.
    await new Promise((resolve) => setImmediate(resolve));
  }
  queue.running = false;
}

// Group commit of the ingestion's writes: sources finishing together share one
// transaction; should one fail, each runs again alone, so only it is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';
import type { Tx } from '../../src/server/db/database';
import {
  BATCH_BUDGET_MS,
  THREAD_BATCH_BUDGET_MS,
  inWriteBatch,
} from '../../src/server/ingest/store/write-batch';
import { createSource } from '../helpers/factories';
import { sourceRow } from './ingest-helpers';

describe.each(dialects)('write batches (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t?.destroy());

  const rename = (tx: Tx, id: number, name: string) =>
    tx.updateTable('news_sources').set({ name }).where('id', '=', id).execute();

  it('commits writes that arrive together in one transaction and settles each after it', async () => {
    const ids = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        createSource(t.db, { name: `S${i}`, url: `https://s${i}.example/feed` }),
      ),
    );
    // When each transaction's first write began: a batch closes after
    // BATCH_BUDGET_MS of work, which a loaded machine can spend on one write.
    const opened = new Map<Tx, number>();
    const results = await Promise.all(
      ids.map((id, i) =>
        inWriteBatch(t.db, async (tx) => {
          if (!opened.has(tx)) opened.set(tx, performance.now());
          await rename(tx, id, `Renamed ${i}`);
          return i;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3]);
    // One transaction, or a new one only once the one before spent its budget.
    const starts = [...opened.values()];
    expect(starts.length).toBeLessThanOrEqual(ids.length);
    for (let k = 1; k < starts.length; k++)
      expect(starts[k] - starts[k - 1]).toBeGreaterThanOrEqual(BATCH_BUDGET_MS);
    for (const [i, id] of ids.entries())
      expect((await sourceRow(t.db, id)).name).toBe(`Renamed ${i}`);
  });

  it("keeps writes longer than the server's budget together under the ingestion thread's", async () => {
    const ids = await Promise.all(
      [1, 2, 3].map((i) =>
        createSource(t.db, { name: `T${i}`, url: `https://t${i}.example/feed` }),
      ),
    );
    // Each write works past BATCH_BUDGET_MS, as a source's store with its after-store
    // steps does: with the short budget each would commit alone.
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    const transactions = (budgetMs: number) => {
      const seen = new Set<Tx>();
      return Promise.all(
        ids.map((id, i) =>
          inWriteBatch(
            t.db,
            async (tx) => {
              seen.add(tx);
              busy(BATCH_BUDGET_MS + 1);
              await rename(tx, id, `Thread ${i}`);
            },
            budgetMs,
          ),
        ),
      ).then(() => seen.size);
    };
    expect(await transactions(BATCH_BUDGET_MS)).toBe(ids.length);
    expect(await transactions(THREAD_BATCH_BUDGET_MS)).toBeLessThan(ids.length);
  });

  it('rolls back a failed write alone and tells its caller', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map((i) =>
        createSource(t.db, { name: `F${i}`, url: `https://f${i}.example/feed` }),
      ),
    );
    const outcomes = await Promise.allSettled(
      ids.map((id, i) =>
        inWriteBatch(t.db, async (tx) => {
          await rename(tx, id, `Changed ${i}`);
          // A statement the database refuses (no such user): on PostgreSQL it
          // aborts the transaction unless rolled back to the savepoint.
          if (i === 1)
            await tx
              .updateTable('news_sources')
              .set({ user_id: 999_999 })
              .where('id', '=', id)
              .execute();
          return i;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/foreign key/i);
    const names = await Promise.all(ids.map(async (id) => (await sourceRow(t.db, id)).name));
    expect(names).toEqual(['Changed 0', 'F2', 'Changed 2']);
  });

  it('takes later writes in a batch of their own', async () => {
    const id = await createSource(t.db, { name: 'Later', url: 'https://later.example/feed' });
    const first = new Set<Tx>();
    await inWriteBatch(t.db, async (tx) => void first.add(tx));
    const second = await inWriteBatch(t.db, async (tx) => {
      await rename(tx, id, 'Later, renamed');
      return tx;
    });
    expect(first.has(second)).toBe(false);
    expect((await sourceRow(t.db, id)).name).toBe('Later, renamed');
  });
});

// After-store steps (src/server/ingest/after-store.ts): what a fetch stored
// reaches each step with its id, in the store's transaction; a step that
// fails takes the fetch's write with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import type { AfterStoreStep, StoredItem } from '../../src/server/ingest/after-store';
import { ingestSource, type Ingestion } from '../../src/server/ingest/ingest-source';
import { createGuardedHttp } from '../../src/server/net/guarded-http';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';
import { createSource } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { fetchableSources, itemsOf, sourceRow } from './ingest-helpers';

const feed = (titles: string[]) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Steps</title>${titles
    .map(
      (t) =>
        `<item><title>${t}</title><link>https://example.org/${t}</link><guid>${t}</guid><pubDate>Tue, 24 Nov 2026 10:00:00 GMT</pubDate></item>`,
    )
    .join('')}</channel></rss>`;

describe.each(dialects)('after-store steps (%s)', (dialect) => {
  let t: TestDatabase;
  let fixtures: FixtureServer;
  let titles = ['alpha', 'beta'];
  const seen: { items: StoredItem[]; sourceId: number; visibleInTx: number }[] = [];
  const recorder: AfterStoreStep = {
    name: 'recorder',
    async run(tx, items, context) {
      // The items are already written in this transaction.
      const rows = await tx
        .selectFrom('news_items')
        .select('id')
        .where(
          'id',
          'in',
          items.map((i) => i.id),
        )
        .execute();
      seen.push({ items: [...items], sourceId: context.sourceId, visibleInTx: rows.length });
    },
  };
  const failing: AfterStoreStep = {
    name: 'failing',
    run: () => Promise.reject(new Error('step broke')),
  };

  const ingestion = (steps: AfterStoreStep[]): Ingestion => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: t.dataDir,
      FETCH_ALLOW_PRIVATE_NETWORK: 'true',
    });
    return {
      config,
      db: t.db,
      http: createGuardedHttp(config.ingest),
      operatorHttp: createGuardedHttp(config.ingest, { trusted: true }),
      afterStore: steps,
    };
  };

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    fixtures = await FixtureServer.start();
    fixtures.route('/steps.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed(titles));
    });
  });
  afterAll(async () => {
    await fixtures.close();
    await t.destroy();
  });

  it('hands each step the items stored, with their ids, new or rewritten', async () => {
    const id = await createSource(t.db, { url: `${fixtures.url}/steps.xml` });
    const [row] = await fetchableSources(t.db, [id]);
    expect(await ingestSource(ingestion([recorder]), row)).toEqual({ added: 2 });
    expect(seen).toHaveLength(1);
    const stored = await itemsOf(t.db, id);
    expect(seen[0].sourceId).toBe(id);
    expect(seen[0].visibleInTx).toBe(2);
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(seen[0].items.toSorted(byId).map((i) => [i.id, i.isNew, i.item.title])).toEqual(
      stored.map((r) => [r.id, true, r.title]),
    );

    // Unchanged items are not handed on again; a new one is.
    titles = ['alpha', 'beta', 'gamma'];
    const [again] = await fetchableSources(t.db, [id]);
    expect(await ingestSource(ingestion([recorder]), again)).toEqual({ added: 1 });
    expect(seen[1].items.map((i) => [i.item.title, i.isNew])).toEqual([['gamma', true]]);
  });

  it('a failing step takes the fetch with it: nothing stored, the failure recorded', async () => {
    titles = ['delta'];
    const id = await createSource(t.db, { url: `${fixtures.url}/steps.xml` });
    const [row] = await fetchableSources(t.db, [id]);
    const outcome = await ingestSource(ingestion([recorder, failing]), row);
    expect(outcome.added).toBe(0);
    expect(outcome.unexpected?.message).toBe('step broke');
    expect(await itemsOf(t.db, id)).toEqual([]);
    expect((await sourceRow(t.db, id)).last_status).toBe('error');
  });
});

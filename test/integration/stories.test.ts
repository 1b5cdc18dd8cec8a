// Story clustering at ingestion (src/server/stories/step.ts) on a real database:
// real SNAPI articles (test/fixtures/stories/) served as RSS by the fixture server,
// ingested through the ingestion's own after-store steps, and re-clustering.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterStoreSteps } from '../../src/server/after-store-steps';
import { loadConfig } from '../../src/server/config';
import { ingestSource, type Ingestion } from '../../src/server/ingest/ingest-source';
import { createGuardedHttp } from '../../src/server/net/guarded-http';
import type { LabelledArticle } from '../../src/server/stories/measure';
import { recluster } from '../../src/server/stories/recluster';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';
import { createItem, createSource } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { fetchableSources } from './ingest-helpers';

const articles = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/stories/articles.json'), 'utf8'),
) as LabelledArticle[];
const article = (id: string) => articles.find((a) => a.id === id)!;
const HOUR = 3_600_000;
// The articles keep their hours apart, moved to the last day (older ones would be purged).
const base = Date.parse(article('36227').publishedAt);
const shifted = (a: LabelledArticle, now: number) =>
  now - 6 * HOUR + (Date.parse(a.publishedAt) - base);

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const rss = (list: LabelledArticle[], now: number) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>${list
    .map(
      (a) =>
        `<item><title>${escape(a.title)}</title><link>${escape(a.url)}</link><guid>${a.id}</guid><description>${escape(a.summary)}</description><pubDate>${new Date(shifted(a, now)).toUTCString()}</pubDate></item>`,
    )
    .join('')}</channel></rss>`;

describe.each(dialects)('stories at ingestion (%s)', (dialect) => {
  let t: TestDatabase;
  let fixtures: FixtureServer;
  const now = Date.now();
  const feeds = new Map<string, LabelledArticle[]>();

  const ingestion = (): Ingestion => {
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
      afterStore: afterStoreSteps,
    };
  };
  const feedSource = async (name: string, list: LabelledArticle[]) => {
    feeds.set(`/${name}.xml`, list);
    fixtures.route(`/${name}.xml`, (_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(rss(feeds.get(`/${name}.xml`)!, now));
    });
    const id = await createSource(t.db, { url: `${fixtures.url}/${name}.xml`, name });
    const [row] = await fetchableSources(t.db, [id]);
    await ingestSource(ingestion(), row);
    return id;
  };
  const itemsOf = (sourceId: number) =>
    t.db
      .selectFrom('news_items')
      .leftJoin('story_members', 'story_members.item_id', 'news_items.id')
      .select(['id', 'dedupe_key', 'story_id', 'story_rank', 'story_top'])
      .where('news_items.source_id', '=', sourceId)
      .orderBy('id')
      .execute();
  const storyRows = () =>
    t.db
      .selectFrom('story_members')
      .select(['item_id', 'story_id', 'story_top'])
      .orderBy('item_id')
      .execute();
  const byGuid = async (sourceId: number, guid: string) =>
    (await itemsOf(sourceId)).find((i) => i.dedupe_key === guid)!;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    fixtures = await FixtureServer.start();
  });
  afterAll(async () => {
    await fixtures.close();
    await t.destroy();
  });

  it('puts two sites’ reports of one launch in one story, with one primary, and leaves the rest alone', async () => {
    // SpaceNews and NASA on the Crew-12 launch; each also has an unrelated story.
    const spaceNews = await feedSource('spacenews', [article('36227'), article('36236')]);
    const nasa = await feedSource('nasa', [article('36234'), article('36231')]);
    const sn = await byGuid(spaceNews, '36227');
    const na = await byGuid(nasa, '36234');
    expect(sn.story_id).not.toBeNull();
    expect(na.story_id).toBe(sn.story_id);
    expect(sn.story_id).toBe(Math.min(sn.id, na.id));
    // Both are publishers' feeds: the longer text is the primary.
    const longer = article('36234').summary.length > article('36227').summary.length ? na : sn;
    expect([sn, na].filter((i) => i.story_top === 1)).toEqual([longer]);
    expect((await byGuid(spaceNews, '36236')).story_id).toBeNull();
    expect((await byGuid(nasa, '36231')).story_id).toBeNull();
  });

  it('never merges two items of one source, and a third site joins the story', async () => {
    // ESA ran the launch video twice, with one text: one joins the story, the other cannot.
    const esa = await feedSource('esa', [article('36229'), article('36230')]);
    const [a, b] = [await byGuid(esa, '36229'), await byGuid(esa, '36230')];
    const joined = a.story_id !== null ? a : b;
    expect(joined.story_id).not.toBeNull();
    expect((joined === a ? b : a).story_id).not.toBe(joined.story_id);
    const members = await t.db
      .selectFrom('story_members')
      .select(['item_id', 'source_id', 'story_top'])
      .where('story_id', '=', joined.story_id)
      .execute();
    expect(members).toHaveLength(3);
    expect(new Set(members.map((m) => m.source_id)).size).toBe(3);
    expect(members.filter((m) => m.story_top === 1)).toHaveLength(1);
  });

  it('keeps clustering after items of a story are deleted, or split on another connection', async () => {
    // The purge (or a source's cap) deletes an item the ingestion thread holds in memory.
    const nasaItem = await t.db
      .selectFrom('news_items')
      .select('id')
      .where('dedupe_key', '=', '36234')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('news_items').where('id', '=', nasaItem.id).execute();
    // Spaceflight Now's docking report, and Space Scout's: a new story of two.
    await feedSource('spacescout', [article('36244')]);
    const sfn = await feedSource('sfn-docking', [article('36246')]);
    const docking = await byGuid(sfn, '36246');
    expect(docking.story_id).not.toBeNull();
    const rows = await storyRows();
    expect(rows.some((r) => r.item_id === nasaItem.id)).toBe(false);
    const launch = rows.filter((r) => r.story_id !== docking.story_id);
    expect(launch.filter((r) => r.story_top === 1).length).toBeLessThanOrEqual(1);
  });

  it('remembers features only for recent items, and survives odd text', async () => {
    const odd = await feedSource('odd', [
      {
        ...article('36227'),
        id: 'odd-1',
        title: `${'\u0301\u200d'.repeat(400)}🚀 Crew-12 Crew-12 ${'ii '.repeat(300)}`,
        summary: '\u202e'.repeat(2_000),
      },
    ]);
    expect(await itemsOf(odd)).toHaveLength(1);
    const remembered = await t.db.selectFrom('story_items').select('item_id').execute();
    expect(remembered.length).toBeGreaterThan(0);
  });

  it('re-clusters a range from scratch: the same stories, and stored items without any', async () => {
    const before = await storyRows();
    const result = await recluster(t.db, ingestion().config, { from: now - 30 * HOUR, to: now });
    expect(await storyRows()).toEqual(before);
    expect(result.changed).toBe(0);
    expect(result.stories).toBeGreaterThanOrEqual(1);

    // Items stored without the step (a database from before clustering) get their story.
    const s1 = await createSource(t.db, { name: 'Old one' });
    const s2 = await createSource(t.db, { name: 'Old two' });
    const when = now - 100 * HOUR;
    const x = await createItem(t.db, s1, {
      title: article('37718').title,
      summary_text: article('37718').summary,
      url: article('37718').url,
      published_at: when,
    });
    const y = await createItem(t.db, s2, {
      title: article('37719').title,
      summary_text: article('37719').summary,
      url: article('37719').url,
      published_at: when + HOUR,
    });
    const again = await recluster(t.db, ingestion().config, {
      from: when - HOUR,
      to: when + 2 * HOUR,
    });
    expect(again).toMatchObject({ items: 2, stories: 1, changed: 2 });
    const rows = await t.db
      .selectFrom('story_members')
      .select(['item_id', 'story_id'])
      .where('item_id', 'in', [x, y])
      .orderBy('item_id')
      .execute();
    expect(rows.map((r) => r.story_id)).toEqual([x, x]);
  });
});

// Feed fidelity (issue 10 §6) and bounded storage (§3), through the whole
// pipeline: hand-written feeds from a local fixture server into a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/database';
import { FixtureServer } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { SOURCE_COLUMNS, refreshSources } from '../../src/server/ingest/pipeline';
import { createSource } from '../helpers/factories';
import { itemsOf, sourceRow } from './ingest-helpers';

const rssItems = (n: number, { dated = true, from = 0 } = {}) =>
  Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const date = dated
      ? `<pubDate>${new Date(Date.UTC(2026, 0, 1) + i * 60_000).toUTCString()}</pubDate>`
      : '';
    return `<item><title>Story ${i}</title><link>https://many.example/${i}</link>${date}</item>`;
  }).join('');
const rss = (items: string) =>
  `<rss version="2.0"><channel><title>Many</title><link>https://many.example/</link>${items}</channel></rss>`;

describe.each(dialects)('feed fidelity (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  const f = (path: string) => `${fixtures.url}${path}`;

  async function ingest(path: string) {
    const id = await createSource(server.db, { url: f(path) });
    const rows = await server.db
      .selectFrom('news_sources')
      .select([...SOURCE_COLUMNS])
      .where('id', '=', id)
      .execute();
    const result = await refreshSources(server.ctx, rows);
    return { id, result, items: await itemsOf(server.db, id) };
  }
  const newestFirst = <T extends { published_at: number; id: number }>(items: T[]) =>
    items.toSorted((a, b) => b.published_at - a.published_at || b.id - a.id);

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures
      .route('/untitled.xml', { file: 'rss2-untitled-items.xml' })
      .route('/shared-guid.xml', { file: 'rss2-shared-guid.xml' })
      .route('/anchor-posts.xml', { file: 'rss2-anchor-posts.xml' })
      .route('/undated.xml', { file: 'rss2-undated.xml' })
      .route('/bom.xml', { file: 'rss2-utf8-bom.xml', type: 'application/rss+xml' })
      .route('/bom-latin1-header.xml', {
        file: 'rss2-utf8-bom.xml',
        type: 'text/xml; charset=ISO-8859-1',
      })
      .route('/xml-base.atom', { file: 'atom-xml-base.xml', type: 'application/atom+xml' });
    server = await startTestServer({ dialect });
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  it('keeps items without a title, titled from their text', async () => {
    const { items } = await ingest('/untitled.xml');
    // Newest first, as the feed lists them (ingestion stores a feed's items oldest first).
    expect(newestFirst(items).map((i) => i.title)).toEqual([
      'A comet brightens unexpectedly over the southern sky tonight.',
      'Only full content here: the rover climbed a new ridge.',
    ]);
  });

  it('keeps two stories that share a guid but differ in link and text, and still dedupes a repeat', async () => {
    const first = await ingest('/shared-guid.xml');
    expect(newestFirst(first.items).map((i) => [i.title, i.url])).toEqual([
      ['Artemis crew named', 'https://reuse.example/artemis-crew'],
      ['Starship static fire', 'https://reuse.example/starship-fire'],
    ]);
    // Polled again (no validators on this route): nothing new, nothing lost.
    const rows = await server.db
      .selectFrom('news_sources')
      .select([...SOURCE_COLUMNS])
      .where('id', '=', first.id)
      .execute();
    expect(await refreshSources(server.ctx, rows)).toEqual({
      newItemsAdded: 0,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });
    expect(await itemsOf(server.db, first.id)).toHaveLength(2);
  });

  it('keeps posts that differ only by their anchor (scripting.com’s shape), anchors and all', async () => {
    const first = await ingest('/anchor-posts.xml');
    expect(first.items).toHaveLength(8);
    expect(new Set(first.items.map((i) => i.url)).size).toBe(8);
    expect(first.items.map((i) => i.url)).toContain(
      'http://anchors.example/2026/11/24.html#a151030',
    );
    expect(first.items.find((i) => i.title === 'Notes on the comet')?.url).toBe(
      'http://anchors.example/2026/11/24.html#a163344',
    );
    // Polled again: the same eight, nothing new.
    const rows = await server.db
      .selectFrom('news_sources')
      .select([...SOURCE_COLUMNS])
      .where('id', '=', first.id)
      .execute();
    expect(await refreshSources(server.ctx, rows)).toEqual({
      newItemsAdded: 0,
      sourcesFetched: 1,
      sourcesFailed: 0,
    });
    expect(await itemsOf(server.db, first.id)).toHaveLength(8);
  });

  it('keeps every item of a feed without dates, in the order the feed lists them', async () => {
    const { items } = await ingest('/undated.xml');
    expect(newestFirst(items).map((i) => i.title)).toEqual([
      'Fifth light from the new telescope',
      'Fourth light from the new telescope',
      'Third light from the new telescope',
      'Second light from the new telescope',
      'First light from the new telescope',
    ]);
  });

  it('reads a feed that starts with a UTF-8 byte-order mark, whatever the header says', async () => {
    for (const path of ['/bom.xml', '/bom-latin1-header.xml']) {
      const { items, id } = await ingest(path);
      expect(items.map((i) => i.title)).toEqual(['Nébuleuse d’Orion']);
      expect((await sourceRow(server.db, id)).last_status).toBe('ok');
    }
  });

  it('resolves Atom links and content URLs against the xml:base in scope at each element', async () => {
    const { items } = await ingest('/xml-base.atom');
    const byTitle = new Map(items.map((i) => [i.title, i]));
    const inherited = byTitle.get('Inherits the feed base')!;
    expect(inherited.url).toBe('https://base.example/blog/posts/inherited.html');
    expect(inherited.image_url).toBe('https://base.example/blog/img/a.png');
    expect(inherited.content).toContain('href="https://base.example/blog/more.html"');
    const relative = byTitle.get('Relative entry base')!;
    expect(relative.url).toBe('https://base.example/blog/2026/07/nested.html');
    expect(relative.image_url).toBe('https://base.example/media/pic.jpg');
    expect(byTitle.get('Absolute entry base, per-link base')!.url).toBe(
      'https://mirror.example/deep/page.html',
    );
  });
});

describe.each(dialects)('bounded storage (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;
  let body = '';

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures.route('/many.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(body);
    });
    server = await startTestServer({
      dialect,
      env: { MAX_ITEMS_PER_FETCH: '5', MAX_ITEMS_PER_SOURCE: '8' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  async function poll(id: number) {
    const rows = await server.db
      .selectFrom('news_sources')
      .select([...SOURCE_COLUMNS])
      .where('id', '=', id)
      .execute();
    return refreshSources(server.ctx, rows);
  }

  it('keeps the newest MAX_ITEMS_PER_FETCH of a fetch and prunes the oldest beyond MAX_ITEMS_PER_SOURCE', async () => {
    const id = await createSource(server.db, { url: `${fixtures.url}/many.xml` });
    body = rss(rssItems(12)); // Story 0 … Story 11, oldest first in the document
    expect(await poll(id)).toEqual({ newItemsAdded: 5, sourcesFetched: 1, sourcesFailed: 0 });
    const titles = async () =>
      (await itemsOf(server.db, id))
        .toSorted((a, b) => b.published_at - a.published_at)
        .map((i) => i.title);
    expect(await titles()).toEqual(['Story 11', 'Story 10', 'Story 9', 'Story 8', 'Story 7']);

    body = rss(rssItems(5, { from: 12 }));
    expect(await poll(id)).toEqual({ newItemsAdded: 5, sourcesFetched: 1, sourcesFailed: 0 });
    expect(await titles()).toEqual(Array.from({ length: 8 }, (_, k) => `Story ${16 - k}`));
    expect((await sourceRow(server.db, id)).item_count).toBe(8);
  });

  it('without dates, MAX_ITEMS_PER_FETCH keeps the first items the feed lists', async () => {
    const id = await createSource(server.db, { url: `${fixtures.url}/many.xml` });
    body = rss(rssItems(7, { dated: false }));
    await poll(id);
    const kept = (await itemsOf(server.db, id)).map((i) => i.title).toSorted();
    expect(kept).toEqual(['Story 0', 'Story 1', 'Story 2', 'Story 3', 'Story 4']);
  });

  it('does not normalise an item stored unchanged again, but updates one that changed', async () => {
    const id = await createSource(server.db, { url: `${fixtures.url}/many.xml` });
    body = rss(rssItems(2));
    await poll(id);
    const before = await itemsOf(server.db, id);
    expect(before.every((i) => typeof i.content_hash === 'string')).toBe(true);
    // Tamper with a stored row: an unchanged feed must leave it alone (the item is skipped).
    await server.db
      .updateTable('news_items')
      .set({ summary_text: 'kept as stored' })
      .where('id', '=', before[0].id)
      .execute();
    await poll(id);
    expect((await itemsOf(server.db, id))[0].summary_text).toBe('kept as stored');
    // The same item with new text is read again.
    body = rss(rssItems(2).replace('<title>Story 0</title>', '<title>Story 0, updated</title>'));
    await poll(id);
    const after = await itemsOf(server.db, id);
    expect(after.map((i) => i.title).toSorted()).toEqual(['Story 0, updated', 'Story 1']);
    expect(after.find((i) => i.id === before[0].id)!.content_hash).not.toBe(before[0].content_hash);
  });
});

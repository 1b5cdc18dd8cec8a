// A briefing for a user's own news query belongs to that user (issue 23): it is
// stored in their own "My AI Briefings" source, and no call shows it to anyone
// else; the morning and evening briefings stay shared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MORNING_NEWS_QUERY } from '../../../src/shared/constants';
import type { ApiClient } from '../../helpers/client';
import { dialects } from '../../helpers/database';
import { createAdmin, createSignedInUser, signIn } from '../../helpers/factories';
import { startTestServer, type TestServer } from '../../helpers/server';
import { ARTEMIS_TEXT, insertItem, insertSource } from './seed';

const QUERY = 'Europa plume';

describe.each(dialects)('briefings for a user’s own query (%s)', (dialect) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let admin: ApiClient;
  let itemId: string;
  let ownSourceId: string;

  const list = async (client: ApiClient, params = '') =>
    (await client.get(`/_api/news/list?pageSize=100${params}`)).body as {
      items: Array<{ id: string; title: string; sourceName?: string; sourceId?: string }>;
      pagination: { totalItems: number };
    };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const a = await createSignedInUser(server);
    alice = a.client;
    bob = (await createSignedInUser(server)).client;
    admin = await signIn(server, await createAdmin(server));
    const defaults = await insertSource(server, 'Space News', null);
    await insertItem(server, defaults, {
      title: 'Europa plume seen by Hubble',
      text: `Europa plume. ${ARTEMIS_TEXT}`,
      content: true,
    });
    const personal = await insertSource(server, 'Alice feed', a.user.id);
    await insertItem(server, personal, {
      title: 'Europa plume notes from Alice’s own feed',
      text: 'Alice keeps notes on the Europa plume in a feed only she reads, long enough here.',
    });
  });
  afterAll(async () => server?.close());

  it('is stored in the asker’s own source, from the asker’s feed', async () => {
    const bobBefore = await list(bob);
    const res = await alice.post('/_api/news/query', { query: QUERY });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: QUERY, matched: 2, updated: false });
    itemId = res.body.itemId;

    const mine = await list(alice);
    const briefing = mine.items.find((i) => i.id === itemId);
    expect(briefing).toMatchObject({ title: QUERY, sourceName: 'My AI Briefings' });
    ownSourceId = briefing!.sourceId!;
    const sources = (await alice.get('/_api/news/sources')).body.sources as Array<{
      id: string;
      name: string;
      userId: number | null;
      builtIn?: boolean;
    }>;
    expect(sources.find((s) => s.id === ownSourceId)).toMatchObject({
      name: 'My AI Briefings',
      builtIn: true,
    });
    // Bob's feed did not change at all.
    expect((await list(bob)).pagination.totalItems).toBe(bobBefore.pagination.totalItems);
  });

  it('no call shows it to another user or the admin', async () => {
    for (const other of [bob, admin]) {
      const feed = await list(other);
      expect(feed.items.map((i) => i.id)).not.toContain(itemId);
      const searched = await list(other, `&searchTerm=${encodeURIComponent(QUERY)}`);
      expect(searched.items.map((i) => i.id)).not.toContain(itemId);
      expect(searched.items.map((i) => i.title)).not.toContain(QUERY);
      // Asking for the source by id reads nothing of it.
      const bySource = await list(other, `&sourceIds=${ownSourceId}`);
      expect(bySource.items.map((i) => i.id)).not.toContain(itemId);
      const byBoth = await list(
        other,
        `&sourceIds=${ownSourceId}&searchTerm=${encodeURIComponent(QUERY)}`,
      );
      expect(byBoth.items).toHaveLength(0);
      expect(byBoth.pagination.totalItems).toBe(0);

      const sources = (await other.get('/_api/news/sources')).body.sources as Array<{
        id: string;
        name: string;
      }>;
      expect(sources.map((s) => s.id)).not.toContain(ownSourceId);
      expect(sources.map((s) => s.name)).not.toContain('My AI Briefings');

      const summary = await other.post('/_api/news/summarize', {
        newsItemId: itemId,
        content: 'x'.repeat(60),
      });
      expect(summary.status).toBe(404);
      const update = await other.post('/_api/news/sources/update', {
        sourceId: ownSourceId,
        name: 'Taken',
      });
      expect(update.status).toBe(404);
      const del = await other.post('/_api/news/sources/delete', { sourceId: ownSourceId });
      expect(del.status).toBe(404);
      const fetched = await other.post('/_api/news/fetch', { sourceIds: [ownSourceId] });
      expect(fetched.body.sourcesFetched ?? 0).toBe(0);
      const chat = await other.post('/_api/ai/chat', { question: 'What about the Europa plume?' });
      expect(chat.text).not.toContain('Alice');
    }
    // The admin's source management knows nothing of it either.
    const adminEdit = await admin.post('/_api/admin/sources/update', {
      sourceId: ownSourceId,
      name: 'Mine',
    });
    expect(adminEdit.status).toBe(404);
  });

  it('the asker can summarise and delete it, but not edit it; it is no personal feed', async () => {
    const summary = await alice.post('/_api/news/summarize', {
      newsItemId: itemId,
      content: 'x'.repeat(60),
    });
    expect(summary.status).toBe(200);
    const edit = await alice.post('/_api/news/sources/update', {
      sourceId: ownSourceId,
      name: 'Renamed',
    });
    expect(edit.status).toBe(403);
    expect(edit.body.error).toBe('This source is written by AstroDash and can only be deleted.');
    const opml = await alice.get('/_api/news/sources/opml');
    expect(opml.text).toContain('Alice feed');
    expect(opml.text).not.toContain('My AI Briefings');
  });

  it('each user’s same query is their own item; a second ask rewrites it', async () => {
    const bobs = await bob.post('/_api/news/query', { query: QUERY });
    expect(bobs.body.itemId).not.toBe(itemId);
    expect(bobs.body.matched).toBe(1); // Alice's personal story is not Bob's
    expect((await list(alice)).items.map((i) => i.id)).not.toContain(bobs.body.itemId);
    const again = await alice.post('/_api/news/query', { query: `  ${QUERY.toLowerCase()} ` });
    expect(again.body).toMatchObject({ itemId, updated: true });
  });

  it('two first queries at once make one source', async () => {
    const carol = (await createSignedInUser(server)).client;
    const results = await Promise.all(
      ['Europa plume', 'Hubble Europa', 'plume Hubble'].map((query) =>
        carol.post('/_api/news/query', { query }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const sources = (await carol.get('/_api/news/sources')).body.sources as Array<{
      name: string;
    }>;
    expect(sources.filter((s) => s.name === 'My AI Briefings')).toHaveLength(1);
  });

  it('morning and evening briefings stay shared', async () => {
    const res = await alice.post('/_api/news/query', { query: MORNING_NEWS_QUERY });
    expect(res.body.matched).toBeGreaterThan(0);
    expect((await list(bob)).items.map((i) => i.id)).toContain(res.body.itemId);
  });

  it('deleting the source deletes the asker’s briefings', async () => {
    const del = await alice.post('/_api/news/sources/delete', { sourceId: ownSourceId });
    expect(del.status).toBe(200);
    expect((await list(alice)).items.map((i) => i.id)).not.toContain(itemId);
    const next = await alice.post('/_api/news/query', { query: QUERY });
    expect(next.body).toMatchObject({ matched: 2, updated: false });
  });
});

// Mark all as read honouring the dashboard's filters (issue 25): only what the
// feed shows with them is marked, older-than-a-story included, and Undo puts it back.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createItems, createSignedInUser, createSource } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 20);

describe.each(dialects)('mark all as read with filters (%s)', (dialect) => {
  let server: TestServer;
  let client: ApiClient;
  let nasa: number;
  let esa: number;
  let sky: number;
  /** Ids by what they are about, newest last. */
  const ids: Record<string, number[]> = {};

  const unread = async (query = '') =>
    (await client.get(`/_api/news/list?status=unread&pageSize=100${query}`)).body as {
      items: { id: string; title: string }[];
    };
  const counts = async () =>
    (await client.get('/_api/news/unread-counts')).body as {
      total: number;
      bySource: Record<string, number>;
    };
  const mark = (body: unknown) => client.post('/_api/news/mark-all-read', body);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    ({ client } = await createSignedInUser(server));
    nasa = await createSource(server.db, { name: 'NASA' });
    esa = await createSource(server.db, { name: 'ESA' });
    sky = await createSource(server.db, { name: 'Sky', sourceType: 'bluesky' });
    const story = (title: string, hour: number, over = {}) => ({
      title,
      summary_text: title,
      published_at: T0 + hour * HOUR,
      ...over,
    });
    ids.nasaMars = await createItems(server.db, nasa, [
      story('Perseverance finds Mars rock', 1),
      story('Mars helicopter flies again', 2),
      story('Mars sample return slips', 3, { is_breaking: 1 }),
    ]);
    ids.nasaMoon = await createItems(server.db, nasa, [
      story('Artemis crew trains for the Moon', 4),
      story('Lunar lander test', 5, { item_type: 'video' }),
    ]);
    ids.esaMars = await createItems(server.db, esa, [
      story('ExoMars rover Rosalind Franklin ships', 6),
      story('Mars Express images Olympus Mons', 7),
    ]);
    ids.sky = await createItems(server.db, sky, [story('Mars tonight from the backyard', 8)]);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    // Each case starts with everything unread.
    await client.post('/_api/news/mark-read', {
      itemIds: Object.values(ids).flat(),
      read: false,
    });
  });

  it('a search marks only the stories it shows (Bluesky left out unless asked for)', async () => {
    const res = await mark({ filters: { searchTerm: 'mars' } });
    expect(res.status).toBe(200);
    // Whole words: "mars" is not a word of "ExoMars".
    expect(res.body).toEqual({ marked: 4 });
    const left = await unread('&includeBlueSky=true');
    expect(left.items.map((i) => i.title).toSorted()).toEqual(
      [
        'Artemis crew trains for the Moon',
        'ExoMars rover Rosalind Franklin ships',
        'Lunar lander test',
        'Mars tonight from the backyard',
      ].toSorted(),
    );
    expect((await counts()).bySource).toMatchObject({ [nasa]: 2, [esa]: 1, [sky]: 1 });
  });

  it('type and breaking filters, within the chosen sources', async () => {
    expect((await mark({ filters: { isBreaking: true } })).body).toEqual({ marked: 1 });
    expect(
      (await mark({ filters: { itemType: 'video', sourceIds: [String(nasa)] } })).body,
    ).toEqual({ marked: 1 });
    const left = (await unread()).items.map((i) => Number(i.id));
    expect(left).not.toContain(ids.nasaMars[2]);
    expect(left).not.toContain(ids.nasaMoon[1]);
    expect(left).toHaveLength(7 - 2);
  });

  it('sources alone move the watermark of each chosen source', async () => {
    expect((await mark({ filters: { sourceIds: [String(esa)] } })).body).toEqual({ marked: 2 });
    expect((await counts()).bySource).toMatchObject({ [nasa]: 5, [esa]: 0, [sky]: 1 });
    // Without filters: every source in the feed, Bluesky included (as before).
    expect((await mark({})).body).toEqual({ marked: 6 });
    expect((await counts()).total).toBe(0);
  });

  it('with before: only the story and those older, among what the filters show', async () => {
    const pivot = ids.nasaMars[1]; // 'Mars helicopter flies again', hour 2
    expect((await mark({ before: pivot, filters: { searchTerm: 'mars' } })).body).toEqual({
      marked: 2,
    });
    const left = (await unread()).items.map((i) => Number(i.id));
    expect(left).not.toContain(ids.nasaMars[0]);
    expect(left).not.toContain(pivot);
    expect(left).toContain(ids.nasaMars[2]);
    expect(left).toContain(ids.esaMars[0]);
  });

  it('Undo puts back what a filtered mark changed', async () => {
    await client.post('/_api/news/mark-read', { itemIds: [ids.nasaMoon[0]], read: true });
    await mark({ filters: { searchTerm: 'mars' } });
    expect((await client.post('/_api/news/mark-all-read/undo')).body).toEqual({ restored: true });
    const left = (await unread()).items.map((i) => Number(i.id));
    expect(left.toSorted((a, b) => a - b)).toEqual(
      [...ids.nasaMars, ids.nasaMoon[1], ...ids.esaMars].toSorted((a, b) => a - b),
    );
  });

  it('bad filters get their message and a 400; a story or source out of sight a 404', async () => {
    const bad = await mark({ filters: { searchTerm: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.stringContaining('2') });
    const hidden = await createSource(server.db, { userId: null, isEnabled: false });
    expect((await mark({ sourceId: hidden, filters: { searchTerm: 'mars' } })).status).toBe(404);
    expect((await mark({ before: 999_999_999, filters: { searchTerm: 'mars' } })).status).toBe(404);
    expect((await counts()).total).toBe(8);
  });
});

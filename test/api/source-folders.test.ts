// Each user's folder per source (issue 26): set in the Sources tab for default
// and personal sources alike, shown in the sources list, the user's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createSignedInUser, createSource, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

describe.each(dialects)('source folders (%s)', (dialect) => {
  let server: TestServer;
  let alice: { user: TestUser; client: ApiClient };
  let bob: { user: TestUser; client: ApiClient };
  const src: Record<string, number> = {};
  const folderOf = async (client: ApiClient, id: number) =>
    (await client.get('/_api/news/sources')).body.sources.find(
      (s: { id: string }) => s.id === String(id),
    ).folder ?? null;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    alice = await createSignedInUser(server);
    bob = await createSignedInUser(server);
    src.shared = await createSource(server, { name: 'Space News' });
    src.alice = await createSource(server, { name: 'Alice Blog', userId: alice.user.id });
    src.bob = await createSource(server, { name: 'Bob Blog', userId: bob.user.id });
  }, 120_000);
  afterAll(() => server.close());

  it('puts a default and a personal source in a folder, for this user only', async () => {
    const res = await alice.client.post('/_api/news/sources/folder', {
      sourceId: String(src.shared),
      folder: '  Missions ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sourceId: String(src.shared), folder: 'Missions' });
    await alice.client.post('/_api/news/sources/folder', {
      sourceId: src.alice,
      folder: 'Missions',
    });
    expect(await folderOf(alice.client, src.shared)).toBe('Missions');
    expect(await folderOf(alice.client, src.alice)).toBe('Missions');
    expect(await folderOf(bob.client, src.shared)).toBeNull();
    const rows = await server.db.selectFrom('folders').selectAll().execute();
    expect(rows.map((r) => [r.user_id, r.name])).toEqual([[alice.user.id, 'Missions']]);
  });

  it("refuses another user's source (404, nothing changes) and a bad name (400)", async () => {
    const other = await alice.client.post('/_api/news/sources/folder', {
      sourceId: String(src.bob),
      folder: 'Mine now',
    });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('News source not found.');
    expect(await folderOf(bob.client, src.bob)).toBeNull();
    const long = await alice.client.post('/_api/news/sources/folder', {
      sourceId: String(src.shared),
      folder: 'x'.repeat(65),
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(
      'Folder names are at most 64 characters, without control characters or text-direction overrides.',
    );
    const bidi = await alice.client.post('/_api/news/sources/folder', {
      sourceId: String(src.shared),
      folder: 'evil\u202Eeman',
    });
    expect(bidi.status).toBe(400);
  });

  it('takes a source out of its folder, and drops a folder left empty', async () => {
    await alice.client.post('/_api/news/sources/folder', { sourceId: src.shared, folder: null });
    expect(await folderOf(alice.client, src.shared)).toBeNull();
    await alice.client.post('/_api/news/sources/folder', { sourceId: src.alice, folder: '' });
    expect(await server.db.selectFrom('folders').selectAll().execute()).toEqual([]);
  });

  it('forgets the folder of a deleted source', async () => {
    await alice.client.post('/_api/news/sources/folder', { sourceId: src.alice, folder: 'Blogs' });
    await alice.client.post('/_api/news/sources/delete', { sourceId: String(src.alice) });
    expect(await server.db.selectFrom('source_folders').selectAll().execute()).toEqual([]);
  });
});

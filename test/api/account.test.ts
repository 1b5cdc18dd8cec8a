import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { createSignedInUser, createUser, signIn } from '../helpers/factories';
import { makePng } from '../helpers/png';
import { startTestServer, type TestServer } from '../helpers/server';

const ZIP_MESSAGE = 'Invalid zip code format. Must be 5 digits.';
const NOT_IMAGE = 'Avatar must be a PNG, JPEG, GIF or WebP image.';

const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function upload(client: ApiClient, data: Buffer | string, filename: string, type: string) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }),
    filename,
  );
  return client.request('POST', '/_api/account/avatar', { body: form });
}

async function fetchBytes(client: ApiClient, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(client.baseUrl + path, {
    headers: { cookie: client.cookieHeader, ...headers },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe.each(dialects)('account calls (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  describe('zip code', () => {
    it('stores a 5-digit zip code, and clears it with "" or null', async () => {
      const { user, client } = await createSignedInUser(server);
      const set = await client.post('/_api/profile/update_zip_code', { zipCode: '80301' });
      expect(set.status).toBe(200);
      expect(set.body.user).toMatchObject({ id: user.id, zipCode: '80301' });
      expect((await client.get('/_api/auth/session')).body.user.zipCode).toBe('80301');

      const empty = await client.post('/_api/profile/update_zip_code', { zipCode: '' });
      expect(empty.body.user.zipCode).toBeNull();
      await client.post('/_api/profile/update_zip_code', { zipCode: '02139' });
      const cleared = await client.post('/_api/profile/update_zip_code', { zipCode: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.user.zipCode).toBeNull();
      const row = await server.db
        .selectFrom('users')
        .select('zip_code')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.zip_code).toBeNull();
    });

    it.each([['1234'], ['123456'], ['abcde'], ['12 34'], [12345], [{}]])(
      'rejects %j',
      async (zipCode) => {
        const { client } = await createSignedInUser(server, { zipCode: '10001' });
        const res = await client.post('/_api/profile/update_zip_code', { zipCode });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: ZIP_MESSAGE, message: ZIP_MESSAGE });
        expect((await client.get('/_api/auth/session')).body.user.zipCode).toBe('10001');
      },
    );
  });

  describe('avatar', () => {
    it('uploads a PNG and serves it with a safe content type to signed-in users', async () => {
      const { user, client } = await createSignedInUser(server);
      const png = makePng(4, 3, [20, 40, 200]);
      const res = await upload(client, png, 'me.png', 'image/png');
      expect(res.status).toBe(200);
      const url: string = res.body.user.avatarUrl;
      // Served under 128 random bits, not the user id.
      expect(url).toMatch(/^\/_api\/account\/avatar\/[0-9a-f]{32}$/);
      expect((await client.get('/_api/auth/session')).body.user.avatarUrl).toBe(url);

      const { res: served, bytes } = await fetchBytes(client, url);
      expect(served.status).toBe(200);
      expect(bytes.equals(png)).toBe(true);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');

      const etag = served.headers.get('etag')!;
      const again = await fetchBytes(client, url, { 'if-none-match': etag });
      expect(again.res.status).toBe(304);

      // Another signed-in user given the URL may see it; guessing by user id finds nothing;
      // an anonymous visitor may not.
      const viewer = await signIn(server, await createUser(server));
      expect((await fetchBytes(viewer, url)).res.status).toBe(200);
      expect((await fetchBytes(viewer, `/_api/account/avatar/${user.id}`)).res.status).toBe(404);
      const anonymous = await fetchBytes(server.client(), url);
      expect(anonymous.res.status).toBe(401);
      expect(anonymous.bytes.toString()).not.toContain('PNG');
    });

    it('accepts a GIF and stores the detected type, whatever the browser claimed', async () => {
      const { client } = await createSignedInUser(server);
      const res = await upload(client, GIF_1X1, 'pic.png', 'image/png');
      expect(res.status).toBe(200);
      const { res: served } = await fetchBytes(client, res.body.user.avatarUrl);
      expect(served.headers.get('content-type')).toBe('image/gif');
    });

    it('replaces the avatar under a new id; the old URL no longer serves anything', async () => {
      const { client } = await createSignedInUser(server);
      const first = (await upload(client, makePng(2, 2, [255, 0, 0]), 'a.png', 'image/png')).body
        .user.avatarUrl;
      const second = (await upload(client, makePng(2, 2, [0, 255, 0]), 'b.png', 'image/png')).body
        .user.avatarUrl;
      expect(second).not.toBe(first);
      expect((await fetchBytes(client, first)).res.status).toBe(404);
      const fresh = await fetchBytes(client, second);
      expect(fresh.bytes.equals(makePng(2, 2, [0, 255, 0]))).toBe(true);
    });

    it('rejects a text file dressed up as a PNG', async () => {
      const { user, client } = await createSignedInUser(server);
      const res = await upload(
        client,
        'just some text, not an image at all\n',
        'evil.png',
        'image/png',
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: NOT_IMAGE, message: NOT_IMAGE });
      const row = await server.db
        .selectFrom('avatars')
        .select('user_id')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
      expect((await client.get('/_api/auth/session')).body.user.avatarUrl).toBeNull();
    });

    it('rejects SVG, which can carry script', async () => {
      const { client } = await createSignedInUser(server);
      const svg =
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
      const res = await upload(client, svg, 'x.svg', 'image/svg+xml');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NOT_IMAGE);
    });

    it('rejects a file over 5 MB with a clear message', async () => {
      const { user, client } = await createSignedInUser(server);
      const big = Buffer.concat([makePng(1, 1, [0, 0, 0]), Buffer.alloc(5 * 1024 * 1024)]);
      const res = await upload(client, big, 'big.png', 'image/png');
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        error: 'Avatar image must be at most 5 MB.',
        message: 'Avatar image must be at most 5 MB.',
      });
      const row = await server.db
        .selectFrom('avatars')
        .select('user_id')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('accepts an image of exactly 5 MB', async () => {
      const { client } = await createSignedInUser(server);
      const png = makePng(1, 1, [0, 0, 0]);
      const exact = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
      const res = await upload(client, exact, 'edge.png', 'image/png');
      expect(res.status).toBe(200);
    });

    it('asks for a file when the upload has none', async () => {
      const { client } = await createSignedInUser(server);
      const form = new FormData();
      form.append('note', 'no file here');
      const res = await client.request('POST', '/_api/account/avatar', { body: form });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please choose an image file to upload.');
      const json = await client.post('/_api/account/avatar', {});
      expect(json.status).toBe(400);
    });

    it('needs a session to upload', async () => {
      const res = await upload(server.client(), makePng(1, 1, [1, 2, 3]), 'a.png', 'image/png');
      expect(res.status).toBe(401);
    });

    it('removes the avatar through the delete call', async () => {
      const { user, client } = await createSignedInUser(server);
      const url = (await upload(client, makePng(2, 2, [9, 9, 9]), 'a.png', 'image/png')).body.user
        .avatarUrl;
      const res = await client.post('/_api/account/avatar/delete', {});
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id, avatarUrl: null });
      expect((await fetchBytes(client, url)).res.status).toBe(404);
      const row = await server.db
        .selectFrom('avatars')
        .select('user_id')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('keeps the avatar when update_profile sends the current URL, and removes it on null', async () => {
      const { user, client } = await createSignedInUser(server);
      const url = (await upload(client, makePng(2, 2, [7, 7, 7]), 'a.png', 'image/png')).body.user
        .avatarUrl;
      const same = await client.post('/_api/auth/update_profile', {
        displayName: 'Keeper',
        avatarUrl: url,
      });
      expect(same.status).toBe(200);
      expect(same.body.user).toMatchObject({ displayName: 'Keeper', avatarUrl: url });
      const removed = await client.post('/_api/auth/update_profile', { avatarUrl: null });
      expect(removed.status).toBe(200);
      expect(removed.body.user.avatarUrl).toBeNull();
      expect((await fetchBytes(client, url)).res.status).toBe(404);
      const row = await server.db
        .selectFrom('avatars')
        .select('user_id')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('answers 404 for a user without an avatar and for a nonsense id', async () => {
      const { user, client } = await createSignedInUser(server);
      expect((await fetchBytes(client, `/_api/account/avatar/${user.id}`)).res.status).toBe(404);
      const bad = await fetchBytes(client, '/_api/account/avatar/abc');
      expect(bad.res.status).toBe(404);
    });
  });
});

// API passwords (issue 26): made, listed and revoked on My Account; only hashes
// stored; they open the sync APIs and nothing else, the login password never
// opens those; revoking one ends it at once; ClientLogin has the login's limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PASSWORDS_MAX } from '../../src/shared/sync';
import { dialects } from '../helpers/database';
import { createSignedInUser, createUser, signIn, type TestUser } from '../helpers/factories';
import type { ApiClient } from '../helpers/client';
import { startTestServer, type TestServer } from '../helpers/server';
import { Fever, GReader, clientLogin, feverKey, newApiPassword } from '../helpers/sync';

describe.each(dialects)('API passwords (%s)', (dialect) => {
  let server: TestServer;
  let alice: { user: TestUser; client: ApiClient };
  let bob: { user: TestUser; client: ApiClient };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    alice = await createSignedInUser(server, { email: 'Alice.Reader@Example.test' });
    bob = await createSignedInUser(server);
  }, 120_000);
  afterAll(() => server.close());

  it('shows a new password once, lists it by name, and stores only hashes of it', async () => {
    const created = await newApiPassword(alice.client, 'Phone');
    expect(created.name).toBe('Phone');
    expect(created.password).toMatch(/^[0-9a-z]{5}(-[0-9a-z]{5}){5}$/);
    const list = await alice.client.get('/_api/account/api-passwords');
    expect(list.status).toBe(200);
    const listed = list.body.passwords.find((p: { id: number }) => p.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Phone',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(list.text).not.toContain(created.password);
    const row = await server.db
      .selectFrom('api_passwords')
      .where('id', '=', created.id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(created.password);
    expect(JSON.stringify(row)).not.toContain(feverKey(alice.user.email, created.password));
  });

  it('refuses a bad name with a clear message, and a 21st password', async () => {
    const empty = await alice.client.post('/_api/account/api-passwords', { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Name is required');
    const long = await alice.client.post('/_api/account/api-passwords', { name: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    // Fill up to the limit straight in the database (hashing 20 passwords costs seconds).
    const carol = await createSignedInUser(server);
    await server.db
      .insertInto('api_passwords')
      .values(
        Array.from({ length: API_PASSWORDS_MAX }, (_, i) => ({
          user_id: carol.user.id,
          name: `App ${i}`,
          lookup: `l${i}`,
          password_hash: 'x',
          fever_key_hash: `carol-${i}`,
          fever_key_hash_lower: null,
          created_at: Date.now(),
          last_used_at: null,
        })),
      )
      .execute();
    const over = await carol.client.post('/_api/account/api-passwords', { name: 'One more' });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('You can have at most 20 API passwords');
  });

  it("cannot see or revoke another user's password: 404, and it keeps working", async () => {
    const bobs = await newApiPassword(bob.client, 'Tablet');
    const seen = await alice.client.get('/_api/account/api-passwords');
    expect(seen.body.passwords.some((p: { id: number }) => p.id === bobs.id)).toBe(false);
    const res = await alice.client.post('/_api/account/api-passwords/delete', { id: bobs.id });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('API password not found');
    expect((await clientLogin(server.url, bob.user.email, bobs.password)).status).toBe(200);
  });

  it('signs a reader app in with the API password, never with the login password', async () => {
    const { password } = await newApiPassword(alice.client, 'Reeder');
    const good = await clientLogin(server.url, alice.user.email, password);
    expect(good.status).toBe(200);
    expect(good.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(good.text).toMatch(/^SID=\S+\nLSID=null\nAuth=\d+\/[A-Za-z0-9_-]{43}\n$/);
    // The address in any case, as people type it.
    expect((await clientLogin(server.url, 'alice.reader@example.test', password)).status).toBe(200);
    const withLogin = await clientLogin(server.url, alice.user.email, alice.user.password);
    expect(withLogin.status).toBe(401);
    expect(withLogin.text).toMatch(/^Error=BadAuthentication\n/);
    // And the API password does not open the web app.
    const web = await server.client().post('/_api/auth/login_with_password', {
      email: alice.user.email,
      password,
    });
    expect(web.status).toBe(401);
  });

  it('accepts neither a session cookie on the sync APIs nor a sync token on the web API', async () => {
    const cookie = alice.client.cookieHeader;
    const withCookie = await fetch(`${server.url}/api/greader/reader/api/0/user-info`, {
      headers: { cookie },
    });
    expect(withCookie.status).toBe(401);
    const fever = await fetch(`${server.url}/api/fever/?api`, { headers: { cookie } });
    expect(await fever.json()).toEqual({ api_version: 3, auth: 0 });
    const { password } = await newApiPassword(alice.client, 'NetNewsWire');
    const reader = await GReader.login(server.url, alice.user.email, password);
    const web = await fetch(`${server.url}/_api/news/sources`, {
      headers: { authorization: `GoogleLogin auth=${reader.auth}` },
    });
    expect(web.status).toBe(401);
  });

  it('ends every token of a revoked password at once, and records when it was last used', async () => {
    const created = await newApiPassword(alice.client, 'Old phone');
    const reader = await GReader.login(server.url, alice.user.email, created.password);
    const fever = new Fever(server.url, feverKey(alice.user.email, created.password));
    expect((await reader.get('user-info')).status).toBe(200);
    expect((await fever.call('')).json.auth).toBe(1);
    const listed = (await alice.client.get('/_api/account/api-passwords')).body.passwords.find(
      (p: { id: number }) => p.id === created.id,
    );
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);

    const revoked = await alice.client.post('/_api/account/api-passwords/delete', {
      id: created.id,
    });
    expect(revoked.body).toEqual({ success: true });
    const after = await reader.get('user-info');
    expect(after.status).toBe(401);
    expect(after.text).toMatch(/^Error=BadAuthentication\n/);
    expect((await fever.call('')).json).toEqual({ api_version: 3, auth: 0 });
    expect((await clientLogin(server.url, alice.user.email, created.password)).status).toBe(401);
  });

  it("a disabled account's passwords stop working", async () => {
    const dave = await createSignedInUser(server);
    const { password } = await newApiPassword(dave.client);
    const reader = await GReader.login(server.url, dave.user.email, password);
    await server.db
      .updateTable('users')
      .set({ is_disabled: 1 })
      .where('id', '=', dave.user.id)
      .execute();
    expect((await reader.get('user-info')).status).toBe(401);
    const fever = new Fever(server.url, feverKey(dave.user.email, password));
    expect((await fever.call('')).json.auth).toBe(0);
  });

  it('limits ClientLogin as the login: ten wrong passwords from one address, then 429', async () => {
    const erin = await createUser(server);
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const attempt = () =>
      fetch(`${server.url}/api/greader/accounts/ClientLogin`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          Email: erin.email,
          Passwd: 'aaaaa-bbbbb-ccccc-ddddd-eeeee-fffff',
        }),
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.text()).toMatch(/^Error=TooManyRequests\nInfo=Too many login attempts/);
    // The same limit as the web login: that address is refused there too.
    const web = await server
      .client()
      .post('/_api/auth/login_with_password', { email: erin.email, password: 'nope' }, headers);
    expect(web.status).toBe(429);
    // Another address still signs in to the web app.
    expect((await signIn(server, erin)).baseUrl).toBe(server.url);
  });
});

// Who may make which announcement call: anonymous visitors and disabled accounts
// none, users their own list, history and dismissal, admins everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/client';
import { dialects } from '../helpers/database';
import { insertAnnouncement, isoDaysFromNow } from '../helpers/announcements';
import { createSignedInUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const err = (message: string) => ({ error: message, message });
const ROLE_DENIED = err('Access denied. Your role (user) lacks required permissions.');
const AUTH_REQUIRED = err('Authentication required');

type Call = readonly ['GET' | 'POST', string];
const USER_CALLS: Call[] = [
  ['GET', '/_api/announcements'],
  ['GET', '/_api/announcements/all'],
  ['POST', '/_api/announcements/dismiss'],
];
const ADMIN_CALLS: Call[] = [
  ['GET', '/_api/admin/announcements'],
  ['POST', '/_api/admin/announcements'],
  ['POST', '/_api/admin/announcements/update'],
  ['POST', '/_api/admin/announcements/delete'],
];

describe.each(dialects)('announcement calls by role (%s)', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let user: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = (await createSignedInUser(server, { role: 'admin' })).client;
    user = (await createSignedInUser(server)).client;
  });
  afterAll(() => server.close());

  /** A valid body for each call, naming a fresh announcement where one is needed. */
  async function validBody(path: string): Promise<unknown> {
    const id = await insertAnnouncement(server.db, { title: 'Target' });
    switch (path) {
      case '/_api/admin/announcements':
        return {
          title: 'Role check',
          content: 'Checking who may do this.',
          type: 'information',
          expirationDate: isoDaysFromNow(3),
        };
      case '/_api/admin/announcements/update':
        return { announcementId: id, title: 'Changed by someone' };
      default:
        return { announcementId: id };
    }
  }
  /** Prepares the body first, so counting rows around `send` sees only the call itself. */
  async function prepare(client: ApiClient, [method, path]: Call) {
    const body = method === 'POST' ? await validBody(path) : undefined;
    return () => (method === 'GET' ? client.get(path) : client.post(path, body));
  }
  const call = async (client: ApiClient, c: Call) => (await prepare(client, c))();

  const count = async () =>
    (
      await server.db
        .selectFrom('announcements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it.each([...USER_CALLS, ...ADMIN_CALLS])(
    'an anonymous visitor gets 401 from %s %s',
    async (method, path) => {
      const res = await call(server.client(), [method, path]);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(AUTH_REQUIRED);
    },
  );

  it.each([...USER_CALLS, ...ADMIN_CALLS])(
    'a disabled account (even an admin) gets 401 from %s %s',
    async (method, path) => {
      const disabled = await createSignedInUser(server, { role: 'admin' });
      await server.db
        .updateTable('users')
        .set({ is_disabled: 1 })
        .where('id', '=', disabled.user.id)
        .execute();
      const send = await prepare(disabled.client, [method, path]);
      const before = await count();
      const res = await send();
      expect(res.status).toBe(401);
      expect(res.body).toEqual(AUTH_REQUIRED);
      expect(await count()).toBe(before);
    },
  );

  it.each(USER_CALLS)('a user may call %s %s', async (method, path) => {
    const res = await call(user, [method, path]);
    expect(res.status, res.text).toBe(200);
  });

  it.each(ADMIN_CALLS)('a user gets 403 from %s %s and changes nothing', async (method, path) => {
    const send = await prepare(user, [method, path]);
    const before = await server.db.selectFrom('announcements').selectAll().execute();
    const res = await send();
    expect(res.status).toBe(403);
    expect(res.body).toEqual(ROLE_DENIED);
    expect(await server.db.selectFrom('announcements').selectAll().execute()).toEqual(before);
  });

  it.each(ADMIN_CALLS.filter(([m]) => m === 'POST'))(
    'a user gets 403, not a validation message, for a bad body to %s %s',
    async (_method, path) => {
      const res = await user.post(path, { title: 'x' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(ROLE_DENIED);
    },
  );

  it.each([...USER_CALLS, ...ADMIN_CALLS])('an admin may call %s %s', async (method, path) => {
    const res = await call(admin, [method, path]);
    expect([200, 201], res.text).toContain(res.status);
  });
});

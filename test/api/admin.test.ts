// Admin calls against a real server: who may call them (admin, user, disabled
// user, anonymous), user management's rules, the purge and the job calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../../src/server/auth/users';
import { acquireLease } from '../../src/server/jobs/repository';
import { ADMIN_ONLY, LAST_ADMIN, PURGE_IN_PROGRESS } from '../../src/shared/admin';
import { dialects } from '../helpers/database';
import {
  createAdmin,
  createItem,
  createSignedInUser,
  createSource,
  createUser,
  signIn,
} from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';
import { itemsOf } from '../integration/ingest-helpers';

const DAY = 24 * 60 * 60 * 1000;

const insertItem = (server: TestServer, sourceId: number, publishedAt: number, n: number) =>
  createItem(server, sourceId, {
    dedupe_key: `k${n}`,
    url: `https://example.org/${n}`,
    title: `Story ${n}`,
    summary: '',
    summary_text: '',
    published_at: publishedAt,
    fetched_at: publishedAt,
    updated_at: publishedAt,
  });

const rss = (items: Array<{ guid: string; date: Date }>) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title>${items
    .map(
      (i) =>
        `<item><title>Story ${i.guid}</title><link>https://example.org/${i.guid}</link><guid>${i.guid}</guid><pubDate>${i.date.toUTCString()}</pubDate></item>`,
    )
    .join('')}</channel></rss>`;

describe.each(dialects)('admin calls (%s)', (dialect) => {
  let server: TestServer;
  let fixtures: FixtureServer;

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    server = await startTestServer({ dialect, env: { PURGE_AGE_DAYS: '30' } });
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/_api/admin/users'],
    ['POST', '/_api/admin/users/update-role', { userId: 1, role: 'user' }],
    ['POST', '/_api/admin/users/update-disabled', { userId: 1, isDisabled: true }],
    ['POST', '/_api/admin/purge-old-stories', {}],
    ['GET', '/_api/admin/jobs'],
    ['POST', '/_api/admin/jobs/run', { name: 'housekeeping' }],
    ['POST', '/_api/admin/jobs/update', { name: 'purge', enabled: false }],
  ];

  it.each(calls)(
    '%s %s: anonymous 401, user 403, disabled user 401',
    async (method, path, body) => {
      const anonymous = server.client();
      const { client: user } = await createSignedInUser(server);
      const { user: gone, client: disabled } = await createSignedInUser(server);
      await server.db
        .updateTable('users')
        .set({ is_disabled: 1 })
        .where('id', '=', gone.id)
        .execute();
      const send = (c: typeof anonymous) =>
        method === 'GET' ? c.get(path) : c.post(path, body ?? {});
      expect((await send(anonymous)).status).toBe(401);
      const denied = await send(user);
      expect(denied.status).toBe(403);
      expect(denied.body.error).toBe(
        path.endsWith('purge-old-stories')
          ? ADMIN_ONLY
          : 'Access denied. Your role (user) lacks required permissions.',
      );
      expect((await send(disabled)).status).toBe(401);
    },
  );

  it('the user list: userId a positive integer, paged and searchable beyond 50 users', async () => {
    const { client } = await createSignedInUser(server, { role: 'admin' });
    for (let i = 0; i < 55; i++)
      await createUser(server, {
        email: `many${i}@crowd.test`,
        displayName: `Crowd ${String(i).padStart(2, '0')}`,
        passwordHash: 'x',
      });
    const first = await client.get('/_api/admin/users');
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(50);
    expect(first.body.pagination.total).toBeGreaterThan(55);
    for (const u of first.body.users) {
      expect(Number.isInteger(u.userId) && u.userId > 0).toBe(true);
      expect(u.userId).toBe(u.id);
      expect(u).not.toHaveProperty('passwordHash');
    }
    const found = await client.get('/_api/admin/users?search=crowd%205');
    expect(found.body.users.map((u: { email: string }) => u.email).toSorted()).toEqual(
      Array.from({ length: 5 }, (_, i) => `many${50 + i}@crowd.test`),
    );
    const page2 = await client.get('/_api/admin/users?search=crowd&page=2');
    expect(page2.body.users).toHaveLength(5);
    // LIKE wildcards are plain characters in a search.
    expect((await client.get('/_api/admin/users?search=%25')).body.users).toHaveLength(0);
  });

  it('roles: validation, promote and demote, never your own', async () => {
    const { user: admin, client } = await createSignedInUser(server, { role: 'admin' });
    const other = await createUser(server);
    for (const body of [
      { userId: 'abc', role: 'admin' },
      { userId: 0, role: 'admin' },
      { userId: 1.5, role: 'admin' },
      { userId: other.id, role: 'root' },
      { role: 'admin' },
    ]) {
      const res = await client.post('/_api/admin/users/update-role', body);
      expect(res.status).toBe(400);
    }
    const promoted = await client.post('/_api/admin/users/update-role', {
      userId: other.id,
      role: 'admin',
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.user.role).toBe('admin');
    const demoted = await client.post('/_api/admin/users/update-role', {
      userId: other.id,
      role: 'user',
    });
    expect(demoted.body.user.role).toBe('user');
    const self = await client.post('/_api/admin/users/update-role', {
      userId: admin.id,
      role: 'user',
    });
    expect(self.status).toBe(400);
    expect(
      (await client.post('/_api/admin/users/update-role', { userId: 999_999, role: 'user' }))
        .status,
    ).toBe(404);
  });

  it('the last admin cannot be demoted', async () => {
    await server.db.updateTable('users').set({ role: 'user' }).execute();
    const only = await createAdmin(server);
    expect(await setRole(server.db, only.id, 'user', Date.now())).toEqual({
      ok: false,
      reason: 'last-admin',
    });
    const second = await createAdmin(server);
    const results = await Promise.all([
      setRole(server.db, only.id, 'user', Date.now()),
      setRole(server.db, second.id, 'user', Date.now()),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1); // never both
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'last-admin' });
    expect(LAST_ADMIN).toBe('The last admin cannot be demoted.');
  });

  it('disabling a user ends their sessions at once; enabling lets them sign in again', async () => {
    const { client: admin, user: me } = await createSignedInUser(server, { role: 'admin' });
    const { user: target, client: victim } = await createSignedInUser(server);
    expect((await victim.get('/_api/auth/session')).body.user.id).toBe(target.id);
    const res = await admin.post('/_api/admin/users/update-disabled', {
      userId: target.id,
      isDisabled: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.isDisabled).toBe(true);
    expect((await victim.get('/_api/auth/session')).body.user).toBeNull();
    const sessions = await server.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', target.id)
      .execute();
    expect(sessions).toHaveLength(0);
    await expect(signIn(server, target)).rejects.toThrow(/signIn failed/);
    expect(
      (await admin.post('/_api/admin/users/update-disabled', { userId: me.id, isDisabled: true }))
        .status,
    ).toBe(400);
    expect(
      (
        await admin.post('/_api/admin/users/update-disabled', {
          userId: target.id,
          isDisabled: 'no',
        })
      ).status,
    ).toBe(400);
    await admin.post('/_api/admin/users/update-disabled', { userId: target.id, isDisabled: false });
    await signIn(server, target);
  });

  it('the purge deletes stories older than 30 days, one purge at a time', async () => {
    const { client } = await createSignedInUser(server, { role: 'admin' });
    const source = await createSource(server.db, { url: 'https://example.org/purge.rss' });
    const now = Date.now();
    await insertItem(server, source, now - 31 * DAY, 1);
    await insertItem(server, source, now - 45 * DAY, 2);
    await insertItem(server, source, now - 29 * DAY, 3);
    await insertItem(server, source, now, 4);
    // Eight more recent ones: the two old ones are not among the source's newest 10.
    for (let n = 5; n <= 12; n++) await insertItem(server, source, now - n * 60_000, n);
    // A purge running elsewhere holds the lease.
    await acquireLease(server.db, 'purge', 'other-instance', now, 60_000);
    const busy = await client.post('/_api/admin/purge-old-stories', {});
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe(PURGE_IN_PROGRESS);
    await server.db.updateTable('job_leases').set({ expires_at: 0 }).execute();
    const res = await client.request('POST', '/_api/admin/purge-old-stories'); // no body at all
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedCount: 2, savedKeptCount: 0 });
    expect((await itemsOf(server.db, source)).map((i) => i.title)).not.toContain('Story 1');
    expect(await itemsOf(server.db, source)).toHaveLength(10);
    // The run is in the purge job's history.
    const jobs = await client.get('/_api/admin/jobs');
    const purge = jobs.body.jobs.find((j: { name: string }) => j.name === 'purge');
    expect(purge.lastRuns[0]).toMatchObject({
      trigger: 'manual',
      status: 'success',
      figures: { deletedCount: 2, savedKeptCount: 0 },
    });
  });

  it('ingestion skips stories older than the purge age, so a purged story does not come back', async () => {
    const now = Date.now();
    fixtures.route('/aging.rss', {
      body: rss([
        { guid: 'old', date: new Date(now - 40 * DAY) },
        // Ten newer ones: the old story is not among the source's newest 10.
        ...Array.from({ length: 10 }, (_, k) => ({
          guid: `new${k}`,
          date: new Date(now - DAY - k * 60_000),
        })),
      ]),
      type: 'application/rss+xml',
    });
    const { client } = await createSignedInUser(server);
    const source = await createSource(server.db, { url: `${fixtures.url}/aging.rss` });
    const res = await client.post('/_api/news/fetch', { sourceIds: [String(source)] });
    expect(res.body).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });
    expect((await itemsOf(server.db, source)).map((i) => i.dedupe_key)).not.toContain('old');
  });

  it('the jobs: listed with schedules, switched off and on, run by hand', async () => {
    const { client } = await createSignedInUser(server, { role: 'admin' });
    const list = await client.get('/_api/admin/jobs');
    expect(list.body.jobs.map((j: { name: string }) => j.name)).toEqual([
      'purge',
      'news-refresh',
      'source-polling',
      'launch-schedule',
      'alerts',
      'housekeeping',
      'sky-tles',
      'site-icons',
      'topic-vocabulary',
    ]);
    const purge = list.body.jobs[0];
    expect(purge).toMatchObject({
      enabled: true,
      schedule: 'Daily at 06:00 America/New_York',
      description: 'Deletes news stories older than 30 days.',
    });
    // The panel's purge texts say the configured age, so the call tells it.
    expect(list.body.purgeAgeDays).toBe(30);
    expect(new Date(purge.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    const off = await client.post('/_api/admin/jobs/update', { name: 'purge', enabled: false });
    expect(off.body.job).toMatchObject({ enabled: false, nextRunAt: null });
    const on = await client.post('/_api/admin/jobs/update', { name: 'purge', enabled: true });
    expect(on.body.job.enabled).toBe(true);
    expect((await client.post('/_api/admin/jobs/run', { name: 'nope' })).status).toBe(400);
    const run = await client.post('/_api/admin/jobs/run', { name: 'housekeeping' });
    expect(run.status).toBe(200);
    expect(run.body.run).toMatchObject({ status: 'success', trigger: 'manual' });
    expect(run.body.run.figures).toHaveProperty('jobRunsDeleted');
  });

  it('launch status: any signed-in user sees the launch job’s last run', async () => {
    const { client: user } = await createSignedInUser(server);
    expect((await server.client().get('/_api/news/launch-status')).status).toBe(401);
    const before = await user.get('/_api/news/launch-status');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ running: false, lastRun: null });
    const { client: admin } = await createSignedInUser(server, { role: 'admin' });
    await admin.post('/_api/admin/jobs/run', { name: 'launch-schedule' });
    const after = await user.get('/_api/news/launch-status');
    // No Launch Library here (no internet): the run says so, and retries within 30 minutes.
    expect(after.body.lastRun).toMatchObject({
      status: 'error',
      newItemsAdded: 0,
      sourcesFetched: 0,
      error: expect.stringMatching(/^Launch Library could not be read: /),
    });
    const next = new Date(after.body.nextRunAt).getTime();
    expect(next).toBeGreaterThan(Date.now());
    expect(next).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
  });
});

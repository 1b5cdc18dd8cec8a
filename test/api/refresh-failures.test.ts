// Refreshes whose sources cannot be reached say so: the Refresh Feed answer counts
// the failures beside the spec's fields, each source keeps its last error (what the
// feed's notice reads, after a reload too), and a job in which every fetch failed is
// recorded as failed, with the count and the reasons.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsSource } from '../../src/shared/types';
import { dialects } from '../helpers/database';
import { createSignedInUser, createSource } from '../helpers/factories';
import { FixtureServer, readFixture } from '../helpers/fixture-server';
import { startTestServer, type TestServer } from '../helpers/server';

/** Nothing listens on the discard port: a fetch there fails as an offline one does. */
const UNREACHABLE = 'http://127.0.0.1:9';

describe.each(dialects)('refreshes with failing sources (%s)', (dialect) => {
  let fixtures: FixtureServer;
  let server: TestServer;

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures.route('/nasa.rss', {
      body: readFixture('rss2-nasa-breaking-news-legacy.xml'),
      type: 'application/rss+xml',
    });
  });
  afterAll(() => fixtures?.close());

  beforeEach(async () => {
    server = await startTestServer({
      dialect,
      env: { REFRESH_COOLDOWN_SECONDS: '0', LAUNCH_LIBRARY_URL: `${UNREACHABLE}/2.2.0` },
    });
  });
  afterEach(() => server?.close());

  it('Refresh Feed counts the sources that failed, and each keeps its error for the feed notice', async () => {
    const { user, client } = await createSignedInUser(server);
    for (const name of ['Offline A', 'Offline B'])
      await createSource(server.db, { name, url: `${UNREACHABLE}/${name}.xml`, userId: user.id });
    await createSource(server.db, {
      name: 'NASA',
      url: `${fixtures.url}/nasa.rss`,
      userId: user.id,
    });

    const res = await client.post('/_api/news/fetch', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ newItemsAdded: 10, sourcesFetched: 3, sourcesFailed: 2 });

    // What a reloaded page reads: the failure is the sources' state, not the answer's.
    const sources = (await client.get('/_api/news/sources')).body.sources as NewsSource[];
    const byName = new Map(sources.map((s) => [s.name, s.health]));
    expect(byName.get('NASA')).toMatchObject({ lastStatus: 'ok', lastError: null });
    for (const name of ['Offline A', 'Offline B']) {
      expect(byName.get(name)?.lastStatus).toBe('error');
      expect(byName.get(name)?.lastError).toEqual(expect.any(String));
    }
  });

  it('a job in which every fetch failed is recorded as failed, with the count and the reasons', async () => {
    const { client: admin } = await createSignedInUser(server, { role: 'admin' });
    await createSource(server.db, {
      name: 'Rockets',
      url: `${UNREACHABLE}/2.2.0/launch/upcoming/`,
      sourceType: 'rocket_launch',
    });
    const run = (await admin.post('/_api/admin/jobs/run', { name: 'launch-schedule' })).body.run;
    expect(run).toMatchObject({
      status: 'error',
      figures: { newItemsAdded: 0, sourcesFetched: 1, sourcesFailed: 1 },
    });
    expect(run.error).toMatch(/^1 of 1 source could not be fetched: Rockets: \S/);

    // The Jobs card lists it as failed; the rocket page's status line names the failed fetch.
    const jobs = (await admin.get('/_api/admin/jobs')).body.jobs as Array<{
      name: string;
      lastRuns: Array<{ status: string; error: string | null }>;
    }>;
    expect(jobs.find((j) => j.name === 'launch-schedule')?.lastRuns[0]).toMatchObject({
      status: 'error',
      error: run.error,
    });
    const { client: user } = await createSignedInUser(server);
    expect((await user.get('/_api/news/launch-status')).body.lastRun).toMatchObject({
      status: 'error',
      sourcesFetched: 1,
      error: run.error,
    });
  });

  it('a job that read any source succeeds, and still counts the ones that failed', async () => {
    const { client: admin } = await createSignedInUser(server, { role: 'admin' });
    for (const name of ['Offline A', 'Offline B'])
      await createSource(server.db, { name, url: `${UNREACHABLE}/${name}.xml` });

    const failed = (await admin.post('/_api/admin/jobs/run', { name: 'news-refresh' })).body.run;
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/^2 of 2 sources could not be fetched: Offline [AB]: .+; Offline/);
    // The briefing is still written from what is stored.
    expect(failed.figures).toMatchObject({ sourcesFetched: 2, sourcesFailed: 2, briefing: true });

    await createSource(server.db, { name: 'NASA', url: `${fixtures.url}/nasa.rss` });
    const partly = (await admin.post('/_api/admin/jobs/run', { name: 'news-refresh' })).body.run;
    expect(partly).toMatchObject({
      status: 'success',
      error: null,
      figures: { newItemsAdded: 10, sourcesFetched: 3, sourcesFailed: 2 },
    });
  });
});

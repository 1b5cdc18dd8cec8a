import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/database';
import { createSignedInUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const MINUTE = 60_000;

describe.each(dialects)('the housekeeping job and rate limits (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { REFRESH_COOLDOWN_SECONDS: '300' } });
  });
  afterAll(() => server.close());

  it('prunes every rate-limit bucket past its window, not only the sign-in ones', async () => {
    const { client: admin } = await createSignedInUser(server, { role: 'admin' });
    const at = Date.now();
    const events: Array<[bucket: string, ageMs: number, kept: boolean]> = [
      ['ai-chat', 11 * MINUTE, false],
      ['ai-chat', 1 * MINUTE, true],
      ['ai-summary', 11 * MINUTE, false],
      ['news-query', 11 * MINUTE, false],
      ['news-query', 9 * MINUTE, true],
      ['extract-title', 11 * MINUTE, false],
      ['refresh-targeted', 11 * MINUTE, false],
      ['refresh', 6 * MINUTE, false], // REFRESH_COOLDOWN_SECONDS=300
      ['refresh', 4 * MINUTE, true],
      ['login-fail-ip', 16 * MINUTE, false],
      ['login-fail-account', 23 * 60 * MINUTE, true],
      // Nobody declares it: whose it is and how long it matters is unknown, so it stays.
      ['someone-elses', 48 * 60 * MINUTE, true],
    ];
    const key = (i: number) => `housekeeping-${i}`;
    await server.db
      .insertInto('rate_events')
      .values(events.map(([bucket, age], i) => ({ bucket, key: key(i), created_at: at - age })))
      .execute();

    const run = await admin.post('/_api/admin/jobs/run', { name: 'housekeeping' });
    expect(run.body.run).toMatchObject({ status: 'success' });

    const left = await server.db
      .selectFrom('rate_events')
      .select('key')
      .where('key', 'like', 'housekeeping-%')
      .execute();
    const expected = events.flatMap(([, , kept], i) => (kept ? [key(i)] : []));
    expect(left.map((r) => r.key).toSorted()).toEqual(expected.toSorted());
  });
});

// Per-IP login limits must not be dodged by a client that forges X-Forwarded-For
// when AstroDash is reachable directly (TRUST_PROXY unset).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAIL_IP } from '../../src/server/auth/service';
import { startTestServer, type TestServer } from '../helpers/server';

describe('client addresses without a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'false' } });
  });
  afterAll(() => server.close());

  it('ignores X-Forwarded-For, so rotating it does not reset the per-IP limit', async () => {
    // The address has 98 failures of its 100 in this window already.
    const at = Date.now();
    await server.db
      .insertInto('rate_events')
      .values(
        Array.from({ length: LOGIN_FAIL_IP.limit - 2 }, () => ({
          bucket: LOGIN_FAIL_IP.bucket,
          key: '127.0.0.1',
          created_at: at,
        })),
      )
      .execute();
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      // A different e-mail each time, so only the per-IP window can trip.
      const res = await client.post(
        '/_api/auth/login_with_password',
        { email: `nobody${i}@example.com`, password: 'wrong' },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('does not let a forged X-Forwarded-Host pass the same-origin check', async () => {
    const res = await server.client().post(
      '/_api/auth/logout',
      {},
      {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
      },
    );
    expect(res.status).toBe(403);
  });
});

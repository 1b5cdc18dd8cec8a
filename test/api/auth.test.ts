import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, DEFAULT_PASSWORD } from '../helpers/factories';
import { dialects } from '../helpers/database';
import { startTestServer, type TestServer } from '../helpers/server';

describe.each(dialects)('auth (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server.close());

  it('signs in a factory user', async () => {
    const user = await createUser(server);
    const client = await signIn(server, user);
    const res = await client.get('/_api/auth/session');
    expect(res.body.user.email).toBe(user.email);
    expect(DEFAULT_PASSWORD).toBeTruthy();
  });
});

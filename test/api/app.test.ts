import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/database';
import { createSignedInUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

describe.each(dialects)('app basics (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { ADS_TXT: 'google.com, pub-123, DIRECT, f08c47fec0942fa0' },
    });
  });
  afterAll(() => server.close());

  it('serves /ads.txt as plain text', async () => {
    const res = await server.client().get('/ads.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toBe('google.com, pub-123, DIRECT, f08c47fec0942fa0\n');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.client().get('/_api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', message: 'Not found' });
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await server.client().get('/ads.txt');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' ");
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain(
      'unsafe-inline',
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a cross-site state-changing call', async () => {
    const res = await server
      .client()
      .post('/_api/auth/logout', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('applies the cross-site and content-type checks when the path spells /_api/ percent-encoded', async () => {
    // The router decodes %5F to _, so /%5Fapi/… reaches the same handlers as /_api/….
    const crossSite = await server
      .client()
      .post('/%5Fapi/auth/logout', {}, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const plain = await server.client().request('POST', '/%5Fapi/news/cleanup', {
      body: '',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
  });

  it('loads the session and guards admin calls when the path spells /_api/ percent-encoded', async () => {
    const { client } = await createSignedInUser(server);
    expect((await server.client().post('/%5Fapi/news/sources', { name: '' })).status).toBe(401);
    expect((await client.get('/%5Fapi/news/sources')).status).toBe(200);
    const admin = await client.post('/%5Fapi/admin/sources-create', {});
    expect(admin.status).toBe(403);
    expect(admin.body.error).toBe('Access denied. Your role (user) lacks required permissions.');
  });

  it('refuses a form-encoded state-changing call', async () => {
    const res = await server.client().request('POST', '/_api/auth/logout', {
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('answers 401 to an anonymous caller before looking at the body', async () => {
    const res = await server.client().post('/_api/news/sources', { name: '' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });

  it('answers 403 to a non-admin on every admin path, before validation', async () => {
    const { client } = await createSignedInUser(server);
    const res = await client.post('/_api/admin/sources-create', {});
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Access denied. Your role (user) lacks required permissions.');
  });

  it('keeps the public auth calls reachable without a session', async () => {
    const client = server.client();
    expect((await client.get('/_api/auth/session')).body).toEqual({ user: null });
    expect((await client.post('/_api/auth/logout', {})).status).toBe(200);
    expect((await client.post('/_api/auth/login_with_password', { email: 'x' })).body.message).toBe(
      'Email is required',
    );
  });
});

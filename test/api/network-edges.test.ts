// Host allow-list (DNS rebinding), the first admin only through a local host,
// Origin: null refused, and body-less calls accepted without a body.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import nodePath from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SET_PUBLIC_URL } from '../../src/server/http/host-guard';
import { dialects } from '../helpers/database';
import { createSignedInUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

interface RawResponse {
  status: number;
  body: { error?: string; message?: string; user?: { role: string } } | undefined;
  text: string;
  type: string;
}

/** A request with a Host header of our choosing (fetch does not let us set one). */
function raw(
  server: TestServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawResponse> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const json = (res.headers['content-type'] ?? '').includes('json') && text;
          resolve({
            status: res.statusCode ?? 0,
            body: json ? JSON.parse(text) : undefined,
            text,
            type: res.headers['content-type'] ?? '',
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const registration = (email: string) =>
  JSON.stringify({ email, password: 'Nebula-Quasar-42', displayName: 'Owner' });

describe('with PUBLIC_URL set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: 'https://astro.example.org' } });
  });
  afterAll(() => server.close());

  it('refuses a request naming another host with 421, whatever the path', async () => {
    for (const path of ['/_api/auth/session', '/', '/_api/news/list']) {
      const res = await raw(server, 'GET', path, { host: 'rebound.attacker.example' });
      expect(res.status).toBe(421);
      expect(res.body?.message).toBe('This server does not answer for that host name.');
    }
    // Behind the trusted proxy the forwarded host is the one that counts.
    const forwarded = await raw(server, 'GET', '/_api/auth/session', {
      host: 'astro.example.org',
      'x-forwarded-host': 'rebound.attacker.example',
    });
    expect(forwarded.status).toBe(421);
  });

  it('serves its own host, and loopback names from the machine itself', async () => {
    expect(
      (await raw(server, 'GET', '/_api/auth/session', { host: 'astro.example.org' })).status,
    ).toBe(200);
    expect(
      (await raw(server, 'GET', '/_api/auth/session', { host: 'ASTRO.example.org' })).status,
    ).toBe(200);
    expect(
      (await raw(server, 'GET', '/_api/auth/session', { host: 'localhost:3000' })).status,
    ).toBe(200);
  });

  it('lets the first account register through the public host', async () => {
    const res = await raw(
      server,
      'POST',
      '/_api/auth/register_with_password',
      { host: 'astro.example.org', 'content-type': 'application/json' },
      registration('owner@example.test'),
    );
    expect(res.status).toBe(200);
    expect(res.body?.user?.role).toBe('admin');
  });
});

describe('without PUBLIC_URL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const register = (host: string, email: string) =>
    raw(
      server,
      'POST',
      '/_api/auth/register_with_password',
      { host, 'content-type': 'application/json' },
      registration(email),
    );

  it('refuses any other host name with 421: a page telling the operator to set PUBLIC_URL, JSON for the API', async () => {
    const page = await raw(server, 'GET', '/', { host: 'rebound.attacker.example' });
    expect(page.status).toBe(421);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.text).toContain('set <code>PUBLIC_URL</code>');
    for (const path of ['/_api/auth/session', '/_api/news/list', '/%5Fapi/auth/session']) {
      const api = await raw(server, 'GET', path, { host: 'rebound.attacker.example:3000' });
      expect(api.status).toBe(421);
      expect(api.body?.message).toBe(SET_PUBLIC_URL);
    }
    // Registration (the rebinding attack's aim) never gets as far as the database.
    const viaName = await register('astro.attacker.example', 'early@example.test');
    expect(viaName.status).toBe(421);
    // Behind the trusted proxy the forwarded host is the one that counts.
    const forwarded = await raw(server, 'GET', '/_api/auth/session', {
      host: '127.0.0.1',
      'x-forwarded-host': 'rebound.attacker.example',
    });
    expect(forwarded.status).toBe(421);
    expect(await server.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('registers the first account (the admin) only through localhost or an IP literal, not the machine’s name', async () => {
    const viaName = await register(os.hostname(), 'early@example.test');
    expect(viaName.status).toBe(403);
    expect(viaName.body?.message).toBe(
      'The first account (the administrator) can only be registered through localhost or the server’s IP address, or once PUBLIC_URL is set.',
    );
    expect(await server.db.selectFrom('users').select('id').execute()).toEqual([]);

    const local = await register('localhost:3000', 'admin@example.test');
    expect(local.status).toBe(200);
    expect(local.body?.user?.role).toBe('admin');

    // Once the admin exists, anyone may register through the machine's name, as a user.
    const later = await register(`${os.hostname().toUpperCase()}:3000`, 'later@example.test');
    expect(later.status).toBe(200);
    expect(later.body?.user?.role).toBe('user');
  });

  it.each([['[::1]:3000'], ['192.0.2.10'], ['dash.localhost'], ['localhost.:3000']])(
    'treats %s as local',
    async (host) => {
      // Not the first account any more: this checks only that the host is not refused.
      const res = await register(host, `x${Math.random()}@example.test`);
      expect(res.status).toBe(200);
    },
  );
});

describe.each(dialects)('state-changing calls (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, env: { REFRESH_COOLDOWN_SECONDS: '0' } });
  });
  afterAll(() => server.close());

  it('refuses Origin: null', async () => {
    const { client } = await createSignedInUser(server);
    const res = await client.request('POST', '/_api/news/cleanup', {
      headers: { origin: 'null' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Cross-site request refused');
  });

  it.each([
    ['/_api/news/cleanup', 'processedCount'],
    ['/_api/account/avatar/delete', 'user'],
    ['/_api/news/fetch', 'sourcesFetched'],
    ['/_api/auth/logout', 'success'],
  ])('POST %s takes no body, or an empty JSON one', async (path, field) => {
    const variants: Record<string, string>[] = [{}, { 'content-type': 'application/json' }];
    for (const headers of variants) {
      const { client } = await createSignedInUser(server);
      const res = await client.request('POST', path, { headers });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toHaveProperty(field);
    }
  });

  it('still refuses a body-less call from another site, and malformed JSON', async () => {
    const { client } = await createSignedInUser(server);
    const cross = await client.request('POST', '/_api/news/cleanup', {
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    const form = await client.request('POST', '/_api/news/cleanup', {
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const bad = await client.request('POST', '/_api/news/cleanup', {
      body: '{"x":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid JSON body');
  });
});

describe('source maps', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'astrodash-web-'));
    fs.mkdirSync(nodePath.join(webDir, 'assets'));
    fs.writeFileSync(
      nodePath.join(webDir, 'index.html'),
      '<!doctype html><title>AstroDash</title>',
    );
    fs.writeFileSync(nodePath.join(webDir, 'assets', 'index-abc.js'), 'console.log(1);\n');
    fs.writeFileSync(nodePath.join(webDir, 'assets', 'index-abc.js.map'), '{"version":3}');
    server = await startTestServer({ webDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves the bundle but never its source map', async () => {
    const js = await fetch(`${server.url}/assets/index-abc.js`);
    expect(js.status).toBe(200);
    for (const p of ['/assets/index-abc.js.map', '/assets/INDEX-ABC.JS.MAP', '/missing.js.map']) {
      const map = await fetch(`${server.url}${p}`);
      expect(map.status).toBe(404);
      expect(await map.text()).not.toContain('"version"');
    }
  });
});

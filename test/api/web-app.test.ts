// The web app's pages answer 200; any other path answers 404 with the same app,
// which renders its Not Found page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../src/shared/routes';
import { startTestServer, type TestServer } from '../helpers/server';

describe('serving the web app', () => {
  let server: TestServer;
  let webDir: string;
  const INDEX = '<!doctype html><title>AstroDash</title><div id="root"></div>';

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"AstroDash"}');
    server = await startTestServer({ webDir });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it.each(Object.values(APP_ROUTES))('answers the page %s with 200 and the app', async (route) => {
    // A route with a parameter, by an example of it.
    const res = await server.client().get(route.replace(':slug', 'artemis-ii'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toBe(INDEX);
  });

  it('keeps the query and a trailing slash on a page', async () => {
    expect((await server.client().get('/login?next=%2Faccount')).status).toBe(200);
    expect((await server.client().get('/account/')).status).toBe(200);
  });

  it.each(['/nope', '/account/extra', '/admin/users/../../etc', '/index.php'])(
    'answers the unknown path %s with 404 and the app (which shows Not Found)',
    async (url) => {
      const res = await server.client().get(url);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toBe(INDEX);
    },
  );

  it('serves built assets, and a missing asset or API path as a plain 404', async () => {
    const asset = await server.client().get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await server.client().get('/_api/nope')).body).toEqual({
      error: 'Not found',
      message: 'Not found',
    });
  });

  it('serves the service worker as JavaScript that is revalidated on every visit', async () => {
    const res = await server.client().get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the web app manifest with its own content type', async () => {
    const res = await server.client().get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.text).toBe('{"name":"AstroDash"}');
  });
});

// What `npm start` runs: the bundled server (dist/server/main.js) on a fresh data
// directory, serving the built web app, checked over HTTP and in the browser.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromiumPath, describeE2E } from './browser';
import { ApiClient } from '../helpers/client';
import { FixtureServer, readFixture } from '../helpers/fixture-server';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

describeE2E('the bundled server, as npm start runs it', () => {
  let child: ChildProcess;
  let url: string;
  let dataDir: string;
  let output = '';
  let fixtures: FixtureServer;

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures.route('/nasa.rss', {
      body: readFixture('rss2-nasa-breaking-news-legacy.xml'),
      type: 'application/rss+xml',
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-start-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
      cwd: os.tmpdir(), // not the repo: the server must find its web app on its own
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JOBS_ENABLED: 'false',
        FETCH_ALLOW_PRIVATE_NETWORK: 'true',
        INGEST_WORKERS: '1',
        PURGE_AGE_DAYS: '0', // the recorded feed is older than the purge age
        ADS_TXT: 'example.com, pub-1, DIRECT',
      },
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`${url}/_api/auth/session`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    child?.kill();
    await fixtures?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates and migrates its database and seeds the default sources', () => {
    const db = new SQLite(path.join(dataDir, 'astrodash.db'), { readonly: true });
    try {
      const types = db
        .prepare(
          'SELECT DISTINCT source_type AS t FROM news_sources WHERE user_id IS NULL ORDER BY t',
        )
        .all();
      expect(types.map((r) => (r as { t: string }).t)).toEqual([
        'bluesky',
        'custom',
        'google_news',
        'reddit',
        'rocket_launch',
        'rss',
        'youtube',
      ]);
    } finally {
      db.close();
    }
    expect(output).toMatch(/AstroDash ready on/);
  });

  it('reads a feed on its worker thread (the worker is its own bundle entry)', async () => {
    const client = new ApiClient(url);
    const registered = await client.post('/_api/auth/register_with_password', {
      email: 'start@example.org',
      password: 'Correct-Horse-9',
      displayName: 'Start',
    });
    expect(registered.status).toBe(200);
    const created = await client.post('/_api/news/sources', {
      name: 'NASA',
      url: `${fixtures.url}/nasa.rss`,
      sourceType: 'rss',
    });
    expect(created.status).toBe(201);
    const sourceId = String((created.body as { id: string | number }).id);
    const fetched = await client.post('/_api/news/fetch', { sourceIds: [sourceId] });
    expect(fetched.body).toEqual({ newItemsAdded: 10, sourcesFetched: 1, sourcesFailed: 0 });
  });

  it('serves the web app, its assets and /ads.txt', async () => {
    const html = await (await fetch(`${url}/`)).text();
    expect(html).toContain('<div id="root">');
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeDefined();
    const js = await fetch(`${url}${asset}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
    const deep = await fetch(`${url}/rocket-launches`);
    expect(deep.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await (await fetch(`${url}/ads.txt`)).text()).toBe('example.com, pub-1, DIRECT\n');
  });

  it('shows the login page in a browser', async () => {
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(url);
      await expect(page.getByText('Welcome to AstroDash').waitFor()).resolves.toBeUndefined();
    } finally {
      await browser.close();
    }
  });
});

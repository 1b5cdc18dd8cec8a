// The installable app: Chromium accepts the manifest and the service worker (the
// install criteria), the feed opens offline from the worker's caches under a
// "You are offline" banner, calls that change state are never answered from a
// cache, read/save calls queued offline are sent when the connection returns, and
// signing out deletes the cached answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NewsListResponse } from '../../src/shared/types';
import { createUser, type TestUser } from '../helpers/factories';
import { seedFeed } from '../helpers/seed-feed';
import { startTestServer } from '../helpers/server';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  describeE2E,
  DESKTOP,
  SCREENSHOT_DIR,
  useE2E,
  WEB_DIR,
} from './browser';

const API_CACHE = 'astrodash-api';
const QUEUE_KEY = 'astrodash:offline-queue';

async function signIn(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

const cards = (page: Page) => page.getByTestId('news-card');
const cardTitles = (page: Page) =>
  cards(page).evaluateAll((els) =>
    els.slice(0, 5).map((el) => el.querySelector('h3')?.textContent),
  );

/** The API answers the worker holds, as paths with their queries. */
const cachedApi = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
  }, API_CACHE);

/** Signed in, on the dashboard, controlled by an installed service worker. */
async function openControlled(
  e2e: ReturnType<typeof useE2E>,
  user: TestUser,
  opened?: { context: BrowserContext; page: Page },
) {
  const { context, page } = opened ?? (await e2e.newPage(DESKTOP, { serviceWorkers: 'allow' }));
  await signIn(context, user);
  await page.goto('/');
  await cards(page).first().waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page };
}

describeE2E('installable app and offline', () => {
  const e2e = useE2E();
  let user: TestUser;

  // A browser profile on disk: Chromium offers no install in an incognito context.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-profile-'));
  afterAll(() => fs.rmSync(profile, { recursive: true, force: true }));

  beforeAll(async () => {
    await seedFeed(e2e.server.db, { sources: 2, perSource: 12 });
    user = await createUser(e2e.server, { displayName: 'Annie Cannon' });
  });

  it('meets Chromium’s install criteria: a valid manifest and a registered service worker', async () => {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
      viewport: DESKTOP,
      baseURL: e2e.server.url,
    });
    const { page } = await openControlled(e2e, user, { context, page: await context.newPage() });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${e2e.server.url}/`);

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${e2e.server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as {
      icons: { sizes: string; purpose: string }[];
    };
    expect(data).toMatchObject({
      name: 'AstroDash',
      short_name: 'AstroDash',
      display: 'standalone',
      start_url: '/',
    });
    const sizes = data.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    // Both themes get their colour in the browser's chrome.
    const themeColors = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('media')));
    expect(themeColors).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);

    // Icons the manifest names are served as PNGs.
    for (const icon of ['/icons/icon-192.png', '/icons/icon-maskable-512.png']) {
      const res = await context.request.get(icon);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    const worker = await context.request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await context.close();
  });

  it('opens the last loaded feed offline, refuses state changes, and replays queued read and save calls', async () => {
    const { context, page } = await openControlled(e2e, user);
    // The first visit ran before the worker took control; this one goes through it.
    await page.reload();
    await cards(page).first().waitFor();
    await page.waitForFunction(
      async (name) =>
        (await (await caches.open(name)).keys()).some((r) => r.url.includes('/_api/news/list')),
      API_CACHE,
    );
    const online = await cardTitles(page);
    expect(online.length).toBe(5);
    const list = (await (
      await context.request.get('/_api/news/list?pageSize=2')
    ).json()) as NewsListResponse;
    const [saveId, readId] = list.items.map((item) => item.id);
    expect(list.items.map((item) => [item.isSaved, item.isRead])).toEqual([
      [false, false],
      [false, false],
    ]);

    await context.setOffline(true);
    await page.reload();
    await cards(page).first().waitFor();
    expect(await cardTitles(page)).toEqual(online);
    const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
    await banner.waitFor();
    await e2e.screenshot(page, 'offline-dashboard');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'offline-dashboard-phone.png') });

    // A call that changes state fails offline: no cached answer stands in for it.
    const outcome = await page.evaluate(() =>
      fetch('/_api/news/fetch', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then(
        (res) => `answered ${res.status}`,
        () => 'failed',
      ),
    );
    expect(outcome).toBe('failed');

    // A read and a save taken offline wait in the queue (as src/web/pwa/queue.ts writes it)...
    const queued = [
      { path: '/_api/news/mark-read', body: { itemIds: [readId], read: true } },
      { path: '/_api/news/save', body: { itemId: saveId, saved: true } },
    ];
    await page.evaluate(
      ([key, calls]) => localStorage.setItem(key, calls),
      [QUEUE_KEY, JSON.stringify(queued)],
    );
    // ...and are sent, in order, when the connection returns.
    const replayed: { path: string; body: unknown }[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (req.method() === 'POST' && pathname.startsWith('/_api/news/')) {
        replayed.push({ path: pathname, body: req.postDataJSON() });
      }
    });
    const saved = page.waitForResponse((res) => new URL(res.url()).pathname === '/_api/news/save');
    await context.setOffline(false);
    expect((await saved).status()).toBe(200);
    expect(replayed).toEqual(queued);
    await banner.waitFor({ state: 'detached' });
    await page.waitForFunction((key) => localStorage.getItem(key) === '[]', QUEUE_KEY);
    const after = (await (
      await context.request.get('/_api/news/list?pageSize=2')
    ).json()) as NewsListResponse;
    expect(after.items.map((item) => [item.id, item.isSaved, item.isRead])).toEqual([
      [saveId, true, false],
      [readId, false, true],
    ]);
    const savedList = (await (
      await context.request.get('/_api/news/list?saved=true')
    ).json()) as NewsListResponse;
    expect(savedList.items.map((item) => item.id)).toEqual([saveId]);
    await context.close();
  });

  it('deletes the cached answers on sign-out', async () => {
    const { context, page } = await openControlled(e2e, user);
    await page.reload();
    await cards(page).first().waitFor();
    await expect
      .poll(async () => (await cachedApi(page)).some((url) => url.startsWith('/_api/news/list')))
      .toBe(true);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('Welcome to AstroDash').waitFor();
    expect((await cachedApi(page)).filter((url) => url.startsWith('/_api/news/'))).toEqual([]);
    await context.close();
  });

  it('offers a new version with "Update available", and Reload applies it', async () => {
    // A copy of the built app, whose worker script this test changes as a deploy would.
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-web-'));
    fs.cpSync(WEB_DIR, webDir, { recursive: true });
    const server = await startTestServer({ webDir });
    const context = await e2e.browser.newContext({ viewport: DESKTOP, baseURL: server.url });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto('/login');
      await page.getByText('Welcome to AstroDash').waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload(); // now controlled: a later worker is an update
      await page.getByText('Welcome to AstroDash').waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const prompt = page.getByText('Update available');
      expect(await prompt.count()).toBe(0);

      fs.appendFileSync(path.join(webDir, 'sw.js'), '\n// the next version\n');
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await prompt.waitFor();
      await e2e.screenshot(page, 'update-available');
      const reloaded = page.waitForEvent('framenavigated');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.getByText('Welcome to AstroDash').waitFor();
      // The new worker is the active one, none waits, and the prompt is gone.
      const waiting = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
      );
      expect(waiting).toBeNull();
      expect(await prompt.count()).toBe(0);
    } finally {
      await context.close();
      await server.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});

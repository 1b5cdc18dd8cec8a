// What a signed-in user's browser downloads to show the dashboard: every
// JavaScript file, counted in headless Chromium against the built web app
// (dist/web; built first when missing). Budget: 170 KB gzipped, all chunks.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/server/app';
import { hashPassword } from '../src/server/auth/passwords';
import { SESSION_COOKIE, createSession } from '../src/server/auth/sessions';
import { insertUser } from '../src/server/auth/users';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedFeed } from '../test/helpers/seed-feed';
import { kb, recordScripts, sum } from './support/script-bytes';

export const DASHBOARD_JS_BUDGET_GZIP = 170 * 1024;
const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIR = path.join(ROOT, 'dist', 'web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function run(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return;
  }
  if (!fs.existsSync(path.join(WEB_DIR, 'index.html'))) {
    console.log('building the web app (dist/web is missing)…');
    spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-bundle-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEFAULT_SOURCES: 'false',
    JOBS_ENABLED: 'false',
  });
  const { db, dialect } = openDatabase(config.database);
  await migrateToLatest(db);
  const { app } = await buildApp({ config, db, dialect, webDir: WEB_DIR, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind');
  const base = `http://127.0.0.1:${address.port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await seedFeed(db, { sources: 3, perSource: 10 });
    const user = await insertUser(db, {
      email: 'bench@example.test',
      displayName: 'Bench User',
      passwordHash: await hashPassword('Correct-Horse-9'),
      role: 'user',
      zipCode: null,
    });
    if (!user) throw new Error('could not create the bench user');
    const { token } = await createSession(db, user.id);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base }]);
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${base}/`);
    await page.getByTestId('news-card').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const list = (await scripts()).toSorted((a, b) => b.gzip - a.gzip);

    console.log(`signed-in dashboard load at 1280×800: ${list.length} JavaScript files`);
    console.log(
      `${'file'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip -9'.padStart(10)} ${'on the wire'.padStart(12)}`,
    );
    for (const s of list)
      console.log(
        `${s.url.padEnd(48)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} ${kb(s.transferred).padStart(12)}`,
      );
    const gzip = sum(list, 'gzip');
    console.log(
      `${'total'.padEnd(48)} ${kb(sum(list, 'raw')).padStart(10)} ${kb(gzip).padStart(10)} ${kb(sum(list, 'transferred')).padStart(12)}`,
    );
    console.log(
      `budget ${kb(DASHBOARD_JS_BUDGET_GZIP)} gzipped: ${gzip <= DASHBOARD_JS_BUDGET_GZIP ? 'met' : 'EXCEEDED'} (${kb(DASHBOARD_JS_BUDGET_GZIP - gzip)} to spare)`,
    );
  } finally {
    await browser.close();
    await app.close();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Browser journeys: Debian's Chromium driven by playwright-core against a real server.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../helpers/server';

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasBrowser = () => fs.existsSync(chromiumPath());
export const WEB_DIR = path.resolve(import.meta.dirname, '../../dist/web');
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results');

/** describe() that is skipped (loudly, in global setup) when there is no browser. */
export const describeE2E: typeof describe = (
  hasBrowser() ? describe : describe.skip
) as typeof describe;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 860 };
export const MOBILE = { width: 375, height: 740 };

export interface E2E {
  server: TestServer;
  browser: Browser;
  /**
   * A fresh browser context (own cookies and storage) at the given viewport. Service
   * workers are blocked unless asked for: the worker precaches the whole app on a first
   * visit, extra work on a busy machine that these journeys do not test
   * (installable.test.ts tests the worker).
   */
  newPage(
    viewport?: { width: number; height: number },
    options?: { serviceWorkers?: 'allow' | 'block' },
  ): Promise<{ context: BrowserContext; page: Page }>;
  screenshot(page: Page, name: string): Promise<void>;
}

/**
 * Starts a server (on SQLite) and Chromium for one test file. Options may be a
 * function, read when the server starts (e.g. to point it at a fixture server).
 */
export function useE2E(options: TestServerOptions | (() => TestServerOptions) = {}): E2E {
  const state = {} as E2E;
  beforeAll(async () => {
    const resolved = typeof options === 'function' ? options() : options;
    state.server = await startTestServer({ ...resolved, webDir: WEB_DIR });
    state.browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    });
    state.newPage = async (viewport = DESKTOP, { serviceWorkers = 'block' } = {}) => {
      const context = await state.browser.newContext({
        viewport,
        baseURL: state.server.url,
        serviceWorkers,
      });
      const page = await context.newPage();
      // Generous for a loaded machine: in a full run a renderer starved of CPU once went
      // 10 s without the two steady frames a click waits for (tonight.test.ts, Theme).
      page.setDefaultTimeout(30_000);
      return { context, page };
    };
    state.screenshot = async (page, name) => {
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    };
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });
  return state;
}

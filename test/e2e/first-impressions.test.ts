// What a new user meets first: enough stories above the fold in aligned rows,
// a compact placeholder for a missing picture, the filters in sight while
// scrolling, the brand and the first story on a phone, skip links and visible
// focus, a 404 for unknown paths, and a dashboard that downloads little code.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { kb, recordScripts, sum } from '../../bench/support/script-bytes';
import { createUser, type TestUser } from '../helpers/factories';
import { seedFeed } from '../helpers/seed-feed';
import { describeE2E, useE2E, WEB_DIR } from './browser';

const DASHBOARD = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const BUDGET_GZIP = 170 * 1024;

async function signIn(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

const cards = (page: Page) => page.getByTestId('news-card');

/** Stories whose whole box is inside the viewport. */
const storiesAboveFold = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('[data-testid="news-card"]')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0;
      }).length,
  );

describeE2E('first impressions', () => {
  const e2e = useE2E();
  let user: TestUser;

  beforeAll(async () => {
    await seedFeed(e2e.server.db, { sources: 3, perSource: 10 });
    user = await createUser(e2e.server, { displayName: 'Vera Rubin' });
  });

  async function openDashboard(viewport = DASHBOARD) {
    const { context, page } = await e2e.newPage(viewport);
    await signIn(context, user);
    await page.goto('/');
    await cards(page).first().waitFor();
    return { context, page };
  }

  it('shows at least six stories above the fold at 1280×800, in rows that line up', async () => {
    const { context, page } = await openDashboard();
    await e2e.screenshot(page, 'first-impressions-dashboard');
    expect(await storiesAboveFold(page)).toBeGreaterThanOrEqual(6);
    // Aligned rows, not a staggered masonry: the first six cards start at two heights.
    const tops = await cards(page).evaluateAll((els) =>
      els.slice(0, 6).map((el) => Math.round(el.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(2);
    await context.close();
  });

  it('shows a compact placeholder with the source’s initial when an image fails', async () => {
    const { context, page } = await openDashboard();
    const placeholder = page.getByTestId('image-unavailable').first();
    await placeholder.scrollIntoViewIfNeeded();
    await placeholder.waitFor();
    expect(await placeholder.textContent()).toMatch(/^[CDO]Image unavailable$/);
    const box = await placeholder.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(48); // a caption, not a picture-sized block
    await context.close();
  });

  it('keeps the sticky filter panel fully below the header while scrolling', async () => {
    const { context, page } = await openDashboard();
    const filters = page.getByRole('region', { name: 'Filters' });
    for (const y of [400, 1200, 2400]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const header = (await page.locator('header').first().boundingBox())!;
      const panel = (await filters.boundingBox())!;
      expect(panel.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(panel.y + panel.height).toBeLessThanOrEqual(DASHBOARD.height);
    }
    await e2e.screenshot(page, 'first-impressions-scrolled');
    await context.close();
  });

  it('shows the brand and the whole first story on the first screen of a phone', async () => {
    const { context, page } = await openDashboard(PHONE);
    await e2e.screenshot(page, 'first-impressions-phone');
    const brand = page.locator('header').getByRole('link', { name: 'AstroDash' });
    expect(await brand.isVisible()).toBe(true);
    const first = (await cards(page).first().boundingBox())!;
    expect(first.y + first.height).toBeLessThanOrEqual(PHONE.height);
    await context.close();
  });

  it('reaches the first story with two Tabs and Enter (skip links), with visible focus', async () => {
    const { context, page } = await openDashboard();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const skipBox = (await skip.boundingBox())!;
    expect(skipBox.width).toBeGreaterThan(40); // shown once focused
    await page.keyboard.press('Tab');
    expect(
      await page
        .getByRole('link', { name: 'Skip to stories' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    const first = cards(page).first();
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    // A focus ring (box-shadow from ring utilities) is drawn around the focused story.
    expect(await first.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await e2e.screenshot(page, 'first-impressions-focus');

    // "Skip to content" puts focus on <main>; the next Tab lands inside it.
    await page.goto('/');
    await cards(page).first().waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement)),
    ).toBe(true);
    await context.close();
  });

  it('tabs in reading order (header, filters, tabs, stories) with a visible focus ring at every stop', async () => {
    const { context, page } = await openDashboard();
    const stops: string[] = [];
    let skyStops = 0;
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        const ring = style.boxShadow !== 'none' || style.outlineStyle !== 'none';
        const input = el as HTMLInputElement;
        const label =
          el.getAttribute('aria-label') ??
          input.labels?.[0]?.textContent?.trim() ??
          el.textContent?.trim().slice(0, 30) ??
          '';
        return {
          ring,
          label,
          // The header's sky strip grows with the user's location (up to five buttons).
          sky: Boolean(el.closest('[data-testid="sky-strip"]')),
          story: el.dataset.testid === 'news-card',
          sr: el.classList.contains('sr-only'),
        };
      });
      expect(stop.ring, `no focus ring on stop ${i + 1} (${stop.label})`).toBe(true);
      stops.push(stop.label);
      if (stop.sky) skyStops++;
      if (stop.story) break;
    }
    console.log(`Tab stops to the first story: ${stops.length}`, stops);
    expect(stops.at(-1)).toMatch(/Webb spots carbon/);
    // 29 before (without the sky strip); 2 Tabs and Enter with the skip link.
    expect(stops.length - skyStops).toBeLessThanOrEqual(25);
    // Reading order: the skip links, then the navigation and header, then the page.
    expect(stops.slice(0, 2)).toEqual(['Skip to content', 'Skip to stories']);
    expect(stops.indexOf('Search')).toBeLessThan(stops.indexOf('News Feed'));
    await context.close();
  });

  it('answers an unknown path with 404 and the Not Found page', async () => {
    const { context, page } = await e2e.newPage();
    const res = await page.goto('/no-such-page');
    expect(res!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    expect((await page.goto('/login'))!.status()).toBe(200);
    await context.close();
  });

  it('downloads at most 170 KB of gzipped JavaScript for a signed-in dashboard', async () => {
    const { context, page } = await e2e.newPage();
    await signIn(context, user);
    const scripts = recordScripts(page);
    await page.goto('/');
    await cards(page).first().waitFor();
    await page.waitForLoadState('networkidle');
    const list = await scripts();
    const gzip = sum(list, 'gzip');
    console.log(
      `dashboard JavaScript: ${kb(gzip)} gzipped in`,
      list.map((s) => `${s.url} ${kb(s.gzip)}`),
    );
    expect(list.length).toBeGreaterThan(1); // split, not one chunk
    expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP);
    await context.close();
  });

  it('ships no server-side data in the web app (no ZIP database)', () => {
    const files = fs.readdirSync(path.join(WEB_DIR, 'assets')).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = fs.readFileSync(path.join(WEB_DIR, 'assets', file), 'utf8');
      expect(text, file).not.toContain('"zip":"10001"');
      expect(text, file).not.toContain('better-sqlite3');
    }
  });
});

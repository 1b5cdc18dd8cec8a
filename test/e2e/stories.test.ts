// One story once (issue 29), in the browser: three sites' reports of Crew-12's
// launch show as one card with "Also covered by 2 sources", which opens the other
// two in place; "Not the same story" splits one off into a card of its own; the
// Hot view ranks the story with its count. Cards and rows, desktop and phone,
// light and dark. Real SNAPI texts, clustered by the server's re-clustering.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { LabelledArticle } from '../../src/server/stories/measure';
import { recluster } from '../../src/server/stories/recluster';
import { createItem, createSource, createUser, type TestUser } from '../helpers/factories';
import { describeE2E, SCREENSHOT_DIR, useE2E } from './browser';

const articles = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/stories/articles.json'), 'utf8'),
) as LabelledArticle[];
const article = (id: string) => articles.find((a) => a.id === id)!;
const HOUR = 3_600_000;
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

async function signIn(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

describeE2E('one story once', () => {
  const e2e = useE2E();
  let user: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = e2e.server.db;
    const now = Date.now();
    const put = async (name: string, id: string, at: number, sourceType?: 'youtube') => {
      const source = await createSource(db, { name, sourceType });
      const a = article(id);
      ids[id] = await createItem(db, source, {
        title: a.title,
        summary: `<p>${a.summary}</p>`,
        summary_text: a.summary,
        url: a.url,
        published_at: at,
      });
    };
    await put('SpaceNews', '36227', now - 5 * HOUR);
    await put('ESA', '36229', now - 4.9 * HOUR, 'youtube');
    await put('NASA', '36234', now - 2.3 * HOUR);
    await put('Senate Watch', '36236', now - 3 * HOUR);
    await put('ESA Images', '36231', now - 4 * HOUR);
    await recluster(db, e2e.server.config, { from: now - 24 * HOUR, to: now });
    user = await createUser(e2e.server, { displayName: 'Henrietta Leavitt' });
  });

  it('shows the story once, opens its other sources in place, splits one off, and ranks it Hot', async () => {
    const { context, page } = await e2e.newPage(WIDE);
    await signIn(context, user);
    await page.goto('/');
    await page.getByTestId('news-card').first().waitFor();
    // Three cards: the launch story (NASA's report, the longest), and two others.
    await expect.poll(() => page.getByTestId('news-card').count()).toBe(3);
    const primary = page.locator(`[data-testid="news-card"][data-item-id="${ids['36234']}"]`);
    const covered = primary.getByTestId('also-covered');
    expect(await covered.textContent()).toContain('Also covered by 2 sources');
    await shot(page, 'stories-grouped-desktop');

    // Opened in place by keyboard: the other two, each with "Not the same story".
    await covered.focus();
    await page.keyboard.press('Enter');
    const members = primary.getByTestId('story-members');
    await members.waitFor();
    expect(await members.locator('li').count()).toBe(2);
    expect(await covered.getAttribute('aria-expanded')).toBe('true');
    expect(await members.textContent()).toContain('SpaceNews');
    await shot(page, 'stories-expanded-desktop');

    // ESA's video is not the same story: it becomes a card of its own.
    await members
      .locator(`li[data-item-id="${ids['36229']}"]`)
      .getByRole('button', { name: 'Not the same story' })
      .click();
    await page.getByText('It now shows as a story of its own.').waitFor();
    await page.locator(`[data-testid="news-card"][data-item-id="${ids['36229']}"]`).waitFor();
    await expect.poll(() => covered.textContent()).toContain('Also covered by 1 source');

    // Hot: the story carried by two sources, with its count; nothing else qualifies.
    await page.getByRole('button', { name: 'Hot', exact: true }).click();
    await expect.poll(() => page.getByTestId('news-card').count()).toBe(1);
    expect(await page.getByTestId('hot-count').textContent()).toContain('2 sources');
    await shot(page, 'stories-hot-desktop');

    // Rows, dark: the count line under the row, opened below it.
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('button', { name: 'List View' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    const row = page.locator(`[data-testid="news-row"][data-item-id="${ids['36234']}"]`);
    await row.getByTestId('also-covered').click();
    await row.getByTestId('story-members').waitFor();
    await shot(page, 'stories-rows-dark-desktop');
    await context.close();
  });

  it('fits a phone, light and dark', async () => {
    const { context, page } = await e2e.newPage(PHONE);
    await signIn(context, user);
    await page.goto('/');
    const primary = page.locator(`[data-testid="news-card"][data-item-id="${ids['36234']}"]`);
    await primary.waitFor();
    await primary.getByTestId('also-covered').click();
    await primary.getByTestId('story-members').waitFor();
    await primary.scrollIntoViewIfNeeded();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(page, 'stories-expanded-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Hot', exact: true }).click();
    await page.getByTestId('hot-count').waitFor();
    await shot(page, 'stories-hot-phone-dark');
    await context.close();
  });
});

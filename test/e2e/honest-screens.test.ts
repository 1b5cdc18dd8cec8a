// Errors near their cause and honest texts (issue 23, "Screens"): Add Source's
// URL error at the field, the local engine's summary growing only its own card,
// the search count, the account hints, Access Denied inside the app shell, the
// purge texts with a PURGE_AGE_DAYS other than 30, and Run Now buttons named
// for their jobs. The local engine answers (no AI_MODEL).
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { ARTEMIS_TEXT, insertItem, insertSource } from '../api/ai/seed';
import { createAdmin, createUser, type TestUser } from '../helpers/factories';
import { describeE2E, DESKTOP, MOBILE, useE2E } from './browser';

async function signInContext(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

const STORY_TEXTS = [
  ARTEMIS_TEXT,
  'The James Webb Space Telescope found carbon dioxide in the air of a distant planet. ' +
    'The planet, WASP-39 b, is a hot gas giant some 700 light-years away. ' +
    'Scientists said Webb can now study the atmospheres of smaller, rocky planets as well.',
  'Perseverance collected another rock core in Jezero Crater this week. ' +
    'The sample comes from an ancient river delta that may hold signs of past life. ' +
    'Engineers plan to return the samples to Earth in the next decade.',
];

describeE2E('honest screens', () => {
  const e2e = useE2E({ env: { PURGE_AGE_DAYS: '7' } });
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    admin = await createAdmin(e2e.server, { displayName: 'Ada Admin' });
    member = await createUser(e2e.server, { displayName: 'Max Member' });
    const source = await insertSource(e2e.server, 'Space Desk', null);
    const now = Date.now();
    for (const [i, text] of STORY_TEXTS.entries())
      await insertItem(e2e.server, source, {
        title: `Space story ${i + 1}: ${text.split(' ').slice(0, 6).join(' ')}`,
        text,
        content: true,
        publishedAt: now - i * 60_000,
      });
  });

  async function signedIn(user: TestUser, viewport = DESKTOP) {
    const { context, page } = await e2e.newPage(viewport);
    await signInContext(context, user);
    return { context, page };
  }

  it('Add Source says "Please enter a valid URL." under the URL field, not in a toast', async () => {
    const { context, page } = await signedIn(member, MOBILE);
    await page.goto('/');
    await page.getByRole('tab', { name: 'Sources' }).click();
    await page.getByRole('button', { name: 'Add Source' }).click();
    const form = page.getByRole('form', { name: 'Add source' });
    await form.getByLabel('Source name').fill('My feed');
    await form.getByLabel('URL').fill('not a url');
    await form.getByRole('button', { name: 'Save Source' }).click();
    const url = form.getByLabel('URL');
    await form.getByRole('alert').filter({ hasText: 'Please enter a valid URL.' }).waitFor();
    await expect(url.getAttribute('aria-invalid')).resolves.toBe('true');
    // The message is the field's description, and the field has the focus.
    const describedBy = await url.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(
      'Please enter a valid URL.',
    );
    await expect
      .poll(() => url.evaluate((el) => el === document.activeElement), { timeout: 10_000 })
      .toBe(true);
    await expect(toasts(page).count()).resolves.toBe(0);
    await e2e.screenshot(page, 'h6-add-source-url-error-mobile');
    // Typing again clears it.
    await url.fill('https://example.org/feed.xml');
    await expect.poll(() => form.getByRole('alert').count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it('opening an AI summary grows only its own card, not the others in its row', async () => {
    const { context, page } = await signedIn(member);
    await page.goto('/');
    const cards = page.getByTestId('news-card');
    await cards.nth(2).waitFor({ timeout: 15_000 });
    expect(await cards.count()).toBe(3);
    const boxes = async () =>
      Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!));
    const before = await boxes();
    // The three stand side by side in one row, as tall as each other.
    expect(new Set(before.map((b) => Math.round(b.y))).size).toBe(1);
    await cards.nth(0).getByRole('button', { name: 'AI Summary' }).click();
    const panel = cards.nth(0).locator('[data-summary-open] p');
    await panel.waitFor();
    const summary = (await panel.textContent()) ?? '';
    // The local engine's extract of the article (the card previews only the title here).
    expect(summary.length).toBeGreaterThan(50);
    await expect
      .poll(async () => (await boxes())[0].height, { timeout: 10_000 })
      .toBeGreaterThan(before[0].height);
    const after = await boxes();
    for (const i of [1, 2]) expect(after[i].height).toBeLessThanOrEqual(before[i].height + 1);
    await e2e.screenshot(page, 'h6-ai-summary-open-desktop');
    await page.setViewportSize(MOBILE);
    await e2e.screenshot(page, 'h6-ai-summary-open-mobile');
    await page.setViewportSize(DESKTOP);
    await cards.nth(0).getByRole('button', { name: 'AI Summary' }).click();
    await expect
      .poll(async () => Math.round((await boxes())[0].height), { timeout: 10_000 })
      .toBe(Math.round(before[0].height));
    await context.close();
  });

  it('a search shows how many stories match', async () => {
    const { context, page } = await signedIn(member);
    await page.goto('/');
    await expect.poll(() => page.getByTestId('news-card').count(), { timeout: 10_000 }).toBe(3);
    await expect(page.getByTestId('search-result-count').count()).resolves.toBe(0);
    await page.getByPlaceholder('Search headlines and content...').fill('planet');
    await expect
      .poll(() => page.getByTestId('search-result-count').textContent(), { timeout: 10_000 })
      .toBe('1 result');
    await page.getByPlaceholder('Search headlines and content...').fill('space story');
    await expect
      .poll(() => page.getByTestId('search-result-count').textContent(), { timeout: 10_000 })
      .toBe('3 results');
    await expect(page.getByRole('status').filter({ hasText: '3 results' }).count()).resolves.toBe(
      1,
    );
    await e2e.screenshot(page, 'h6-search-count-desktop');
    await context.close();
  });

  it("the account hints keep the spec's words and tell the whole rule", async () => {
    const { context, page } = await signedIn(member, MOBILE);
    await page.goto('/account');
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await page
      .getByText(
        'Changing your email will require re-verification. You confirm it with your current password; no email is sent.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page
      .getByText(
        'Password must be at least 8 characters long. It needs an uppercase letter, a lowercase letter and a number.',
      )
      .waitFor();
    await e2e.screenshot(page, 'h6-account-hints-mobile');
    await context.close();
  });

  it('/admin/announcements denies a user inside the app shell, as /admin does', async () => {
    const { context, page } = await signedIn(member);
    for (const path of ['/admin', '/admin/announcements']) {
      await page.goto(path);
      await page.getByText('Access Denied', { exact: true }).waitFor();
      await page.getByText('Access denied. Your role (user) lacks required permissions.').waitFor();
      // The shell: the header with the account menu, and the sidebar's navigation.
      await page.getByRole('banner').getByRole('button', { name: 'My account' }).waitFor();
      await expect(page.getByRole('navigation').count()).resolves.toBeGreaterThan(0);
    }
    await e2e.screenshot(page, 'h6-admin-announcements-denied-desktop');
    await page.setViewportSize(MOBILE);
    await page.getByRole('banner').getByRole('button', { name: /menu/i }).waitFor();
    await e2e.screenshot(page, 'h6-admin-announcements-denied-mobile');
    await context.close();
  });

  it('the purge texts say the configured age, and every Run Now names its job', async () => {
    const { context, page } = await signedIn(admin);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await page
      .getByText('Automatically purges news stories older than 7 days at 6 AM EST daily.')
      .waitFor();
    await page.getByText('Delete every news story older than 7 days now.').waitFor();
    await expect(page.getByText(/30 days/).count()).resolves.toBe(0);
    await page
      .getByTestId('job-purge')
      .getByText('Deletes news stories older than 7 days.')
      .waitFor();

    const names = await page
      .getByRole('button', { name: /^Run Now/ })
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(names).toEqual([
      'Run Now: Scheduled Purge',
      'Run Now: Purge Old Stories',
      'Run Now: News Refresh',
      'Run Now: Source Polling',
      'Run Now: Launch Schedule',
      'Run Now: Alerts',
      'Run Now: Housekeeping',
      'Run Now: Satellite Orbits',
      'Run Now: Site Icons',
      'Run Now: Topic Vocabulary',
    ]);
    // The visible text stays "Run Now".
    await expect(
      page.getByRole('button', { name: 'Run Now: Housekeeping' }).innerText(),
    ).resolves.toBe('Run Now');

    await page.getByRole('button', { name: 'Purge Old Stories', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Purge Old Stories' });
    await dialog
      .getByText(
        'This will permanently delete all news stories older than 7 days. This action cannot be undone.',
      )
      .waitFor();
    await e2e.screenshot(page, 'h6-purge-dialog-7-days-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize(MOBILE);
    await e2e.screenshot(page, 'h6-admin-purge-mobile');
    await context.close();
  });
});

// The admin panel in a browser: access rules, toggling a user, a manual purge
// with the spec's dialog and toasts, the Jobs card showing the run.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import {
  createAdmin,
  createItem,
  createSource,
  createUser,
  type TestUser,
} from '../helpers/factories';
import { describeE2E, MOBILE, useE2E } from './browser';

const DAY = 24 * 60 * 60 * 1000;

async function signInContext(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describeE2E('admin panel', () => {
  const e2e = useE2E({ env: { PURGE_AGE_DAYS: '30' } });
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    admin = await createAdmin(e2e.server, { displayName: 'Ada Admin' });
    member = await createUser(e2e.server, { displayName: 'Max Member' });
    const now = Date.now();
    const id = await createSource(e2e.server, {
      name: 'Old Feed',
      url: 'https://old.example.org/feed',
      url_key: 'old.example.org/feed',
    });
    // Two old stories and ten recent ones: every source keeps its newest 10 whatever their
    // age, so the two old ones are what a purge takes.
    for (const [i, age] of [40, 35, ...Array.from({ length: 10 }, () => 1)].entries())
      await createItem(e2e.server, id, {
        dedupe_key: `old-${i}`,
        url: `https://old.example.org/${i}`,
        title: `Old story ${i}`,
        summary: '',
        summary_text: '',
        published_at: now - age * DAY,
        fetched_at: now,
        updated_at: now,
      });
  });

  it('a user sees Access Denied', async () => {
    const { context, page } = await e2e.newPage();
    await signInContext(context, member);
    await page.goto('/admin');
    await page.getByText('Access denied. Your role (user) lacks required permissions.').waitFor();
    await context.close();
  });

  it('an admin toggles a user, purges old stories and sees the Jobs card update', async () => {
    const { context, page } = await e2e.newPage();
    await signInContext(context, admin);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await expect(page.getByTestId('auto-purge-status').textContent()).resolves.toBe('Enabled');
    await expect(page.getByTestId('purge-next-run').textContent()).resolves.toMatch(
      /^\w+day, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M \w+/,
    );

    // Users: the admin's own toggles are locked; disabling another ends their access.
    await expect(page.getByRole('switch', { name: 'Admin: Ada Admin' }).isDisabled()).resolves.toBe(
      true,
    );
    await page.getByRole('switch', { name: 'Disabled: Max Member' }).click();
    await toast(page, 'User status updated successfully').waitFor();
    await expect
      .poll(() =>
        page.getByRole('switch', { name: 'Disabled: Max Member' }).getAttribute('aria-checked'),
      )
      .toBe('true');
    const row = await e2e.server.db
      .selectFrom('users')
      .select('is_disabled')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.is_disabled).toBe(1);

    // Manual purge, with the spec's dialog.
    await page.getByRole('button', { name: 'Purge Old Stories', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        'This will permanently delete all news stories older than 30 days. This action cannot be undone.',
      )
      .waitFor();
    await e2e.screenshot(page, 'admin-purge-dialog');
    await dialog.getByRole('button', { name: 'Yes, Purge Stories' }).click();
    await toast(page, 'Successfully purged 2 old stories.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The Jobs card shows the run and its figures.
    const purgeJob = page.getByTestId('job-purge');
    await purgeJob.getByTestId('job-figures').filter({ hasText: '2 deleted' }).waitFor();
    await expect(purgeJob.getByText('Succeeded').isVisible()).resolves.toBe(true);

    // The auto-purge switch drives the server's purge job.
    await page.getByRole('switch', { name: 'Auto Purge' }).click();
    await toast(page, 'Auto-purge scheduler disabled.').waitFor();
    await expect(page.getByTestId('auto-purge-status').textContent()).resolves.toBe('Disabled');
    await page.getByRole('switch', { name: 'Auto Purge' }).click();
    await toast(page, 'Auto-purge scheduler enabled.').waitFor();

    // Run Now on the schedule card: the info toast, then the result.
    await page.getByRole('button', { name: 'Run Now' }).first().click();
    await toast(page, 'Starting scheduled purge of old stories...').waitFor();
    await toast(page, 'Successfully purged 0 old stories.').waitFor();
    await e2e.screenshot(page, 'admin-desktop');
    await context.close();
  });

  it('fits 375 px', async () => {
    const { context, page } = await e2e.newPage(MOBILE);
    await signInContext(context, admin);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Jobs' }).waitFor();
    await page.getByTestId('job-purge').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, 'admin-mobile');
    await context.close();
  });
});

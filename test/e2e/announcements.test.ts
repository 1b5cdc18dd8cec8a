// Browser journeys for announcements: an admin creates one, a user sees the
// banner (dashboard and feed pages), dismisses it and finds it marked Dismissed;
// an expired one never shows as a banner and is marked Expired; hostile Markdown
// renders inert; editing, deleting, validation and failure states.
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { dialects } from '../helpers/database';
import { daysFromNow, insertAnnouncement, isoDaysFromNow } from '../helpers/announcements';
import { createAdmin, createUser, type TestUser } from '../helpers/factories';
import { describeE2E, MOBILE, useE2E } from './browser';

const DAY = 24 * 60 * 60 * 1000;

async function signInContext(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const banners = (page: Page) => page.getByTestId('announcement-banner');
const historyItem = (page: Page, title: string) =>
  page.getByTestId('announcement-history-item').filter({ hasText: title });

describeE2E.each(dialects)('announcements in the browser (%s)', (dialect) => {
  const e2e = useE2E({ dialect });

  async function signedInPage(user: TestUser, viewport?: { width: number; height: number }) {
    const { context, page } = await e2e.newPage(viewport);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInContext(context, user);
    return { context, page, errors };
  }

  it('shows the empty history before any announcement exists', async () => {
    const { context, page } = await signedInPage(await createUser(e2e.server));
    await page.goto('/announcements');
    await page.getByRole('heading', { name: 'Announcements', level: 1 }).waitFor();
    await page.getByText('No Announcements Yet').waitFor();
    await page.getByText('Check back later for updates and news.').waitFor();
    expect(await banners(page).count()).toBe(0);
    await context.close();
  });

  it('an admin creates an announcement; a user sees the banner, dismisses it and finds it Dismissed', async () => {
    const admin = await createAdmin(e2e.server);
    const a = await signedInPage(admin);
    await a.page.goto('/admin/announcements');
    await a.page.getByRole('heading', { name: 'Manage Announcements' }).waitFor();
    for (const column of ['Title & Content', 'Type', 'Expires', 'Created', 'Actions']) {
      await a.page.getByRole('columnheader', { name: column }).waitFor();
    }
    await a.page.getByRole('button', { name: 'New Announcement' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Create New Announcement' });
    await dialog.waitFor();

    // Defaults: type information, expiry 7 days ahead, nothing before today offered.
    expect(await dialog.getByLabel('Type').inputValue()).toBe('information');
    const expiry = dialog.getByLabel('Expiration date');
    const ahead = Date.parse(await expiry.inputValue()) - Date.now();
    expect(Math.abs(ahead - 7 * DAY)).toBeLessThan(2 * 60_000);
    const min = new Date(Date.parse((await expiry.getAttribute('min')) ?? ''));
    const today = new Date();
    expect(min.toDateString()).toBe(today.toDateString());
    expect(min.getHours() + min.getMinutes()).toBe(0);

    // The spec's messages, before anything is sent.
    await dialog.getByRole('button', { name: 'Create Announcement' }).click();
    await dialog.getByText('Title must be at least 3 characters long.').waitFor();
    await dialog.getByText('Content must be at least 10 characters long.').waitFor();
    await dialog.getByLabel('Title').fill('Aurora alert');
    await dialog.getByLabel('Content (Markdown)').fill('Short');
    await expiry.fill('2020-01-01T10:00');
    await dialog.getByRole('button', { name: 'Create Announcement' }).click();
    await dialog.getByText('Content must be at least 10 characters long.').waitFor();
    await dialog.getByText('Expiration date must be in the future.').waitFor();
    await e2e.screenshot(a.page, `announcements-dialog-errors-${dialect}`);

    await dialog
      .getByLabel('Content (Markdown)')
      .fill('Strong **aurora** tonight. See [SWPC](https://www.swpc.noaa.gov/).');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog
      .getByTestId('announcement-preview')
      .locator('strong', { hasText: 'aurora' })
      .waitFor();
    await dialog.getByRole('button', { name: 'Write' }).click();
    await dialog.getByLabel('Type').selectOption('alert');
    await expiry.fill(new Date(daysFromNow(3)).toISOString().slice(0, 10) + 'T21:30');
    await dialog.getByRole('button', { name: 'Create Announcement' }).click();
    await toast(a.page, 'Announcement created successfully.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = a.page.getByTestId('announcement-row').filter({ hasText: 'Aurora alert' });
    await row.getByText('Alert', { exact: true }).waitFor();
    await row.getByText('Strong aurora tonight. See SWPC.').waitFor();
    await e2e.screenshot(a.page, `announcements-admin-table-${dialect}`);

    // A user: the banner on a feed page and on the dashboard, newest first.
    const u = await signedInPage(await createUser(e2e.server));
    await u.page.goto('/reddit-feeds');
    await banners(u.page).filter({ hasText: 'Aurora alert' }).waitFor();
    await u.page.goto('/');
    const banner = banners(u.page).filter({ hasText: 'Aurora alert' });
    await banner.waitFor();
    expect(await banner.getAttribute('data-type')).toBe('alert');
    const link = banner.getByRole('link', { name: 'SWPC' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await e2e.screenshot(u.page, `announcements-banner-${dialect}`);

    await banner.getByRole('button', { name: 'Dismiss announcement: Aurora alert' }).click();
    await banner.waitFor({ state: 'detached' });
    await u.page.getByRole('tab', { name: 'Announcements' }).click();
    const item = historyItem(u.page, 'Aurora alert');
    await item.getByText('Dismissed', { exact: true }).waitFor();
    await item.getByText('Alert', { exact: true }).waitFor();
    // Dismissed for good: not back after a reload; still shown to another user.
    await u.page.reload();
    await u.page.getByRole('tab', { name: 'News Feed' }).waitFor();
    expect(await banners(u.page).filter({ hasText: 'Aurora alert' }).count()).toBe(0);
    const other = await signedInPage(await createUser(e2e.server));
    await other.page.goto('/');
    await banners(other.page).filter({ hasText: 'Aurora alert' }).waitFor();

    expect([...a.errors, ...u.errors, ...other.errors]).toEqual([]);
    await Promise.all([a.context.close(), u.context.close(), other.context.close()]);
  });

  it('an expired announcement is no banner, and the history marks it Expired', async () => {
    await insertAnnouncement(e2e.server.db, {
      title: 'Eclipse stream last month',
      content: 'The eclipse stream has ended; thanks for watching!',
      type: 'information',
      createdAt: daysFromNow(-40),
      expiresAt: daysFromNow(-30),
    });
    await insertAnnouncement(e2e.server.db, {
      title: 'Current notice',
      content: 'This one is still current for a week.',
    });
    const { context, page, errors } = await signedInPage(await createUser(e2e.server), MOBILE);
    await page.goto('/');
    await banners(page).filter({ hasText: 'Current notice' }).waitFor();
    expect(await banners(page).filter({ hasText: 'Eclipse stream' }).count()).toBe(0);
    await page.goto('/announcements');
    const item = historyItem(page, 'Eclipse stream last month');
    await item.getByText('Expired', { exact: true }).waitFor();
    await item.getByText('Information', { exact: true }).waitFor();
    expect(await item.getByText('Dismissed', { exact: true }).count()).toBe(0);
    expect(await historyItem(page, 'Current notice').getByText('Expired').count()).toBe(0);
    // Newest first.
    const titles = await page
      .getByTestId('announcement-history-item')
      .locator('h3')
      .allTextContents();
    expect(titles.indexOf('Current notice')).toBeLessThan(
      titles.indexOf('Eclipse stream last month'),
    );
    await e2e.screenshot(page, `announcements-history-mobile-${dialect}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hostile Markdown renders inert: no script, no handler, no javascript: or data: URL', async () => {
    const admin = await createAdmin(e2e.server);
    const { context: ac } = await signedInPage(admin);
    const hostile = [
      'Hostile <script>window.pwned = "script"</script> text.',
      '<img src="x" onerror="window.pwned = \'img\'">',
      '[click me](javascript:window.pwned=1) and [data link](data:text/html,<script>alert(1)</script>)',
      '![pixel](data:image/svg+xml,<svg onload="alert(1)"></svg>)',
      '![tracker](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==)',
      '<a href="https://evil.example" onclick="window.pwned=2">raw html link</a>',
      '[safe](https://example.com/safe)',
    ].join('\n\n');
    const res = await ac.request.post('/_api/admin/announcements', {
      data: {
        title: 'Hostile notice',
        content: hostile,
        type: 'alert',
        expirationDate: isoDaysFromNow(2),
      },
    });
    expect(res.status()).toBe(201);

    const { context, page, errors } = await signedInPage(await createUser(e2e.server));
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/');
    const banner = banners(page).filter({ hasText: 'Hostile notice' });
    await banner.waitFor();
    await banner.getByRole('link', { name: 'safe' }).waitFor();
    expect(await banner.locator('script, iframe, object, embed').count()).toBe(0);
    expect(await banner.locator('[onerror], [onclick], [onload]').count()).toBe(0);
    const hrefs = await banner
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.some((h) => h && /^(javascript|data):/i.test(h))).toBe(false);
    // The data: image is there as an element, without its source.
    expect(await banner.locator('img[alt="tracker"]').count()).toBe(1);
    const srcs = await banner
      .locator('img')
      .evaluateAll((is) => is.map((i) => i.getAttribute('src')));
    expect(srcs.some((s) => s && /^(javascript|data):/i.test(s))).toBe(false);
    for (const a of await banner.locator('a[href]').all()) {
      expect(await a.getAttribute('target')).toBe('_blank');
      expect(await a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // Clicking the neutered links does nothing either.
    await banner.getByText('click me').click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => Reflect.get(window, 'pwned'))).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.getByRole('tab', { name: 'Announcements' }).click();
    const item = historyItem(page, 'Hostile notice');
    await item.getByRole('link', { name: 'safe' }).waitFor();
    expect(await item.locator('script, [onerror], [onclick]').count()).toBe(0);
    expect(await page.evaluate(() => Reflect.get(window, 'pwned'))).toBeUndefined();
    await e2e.screenshot(page, `announcements-hostile-${dialect}`);
    expect(errors).toEqual([]);
    await Promise.all([ac.close(), context.close()]);
  });

  it('an admin edits and deletes an announcement, with the exact confirmation text', async () => {
    await insertAnnouncement(e2e.server.db, {
      title: 'Typo in this titel',
      content: 'Content that stays exactly the same.',
      createdAt: Date.now() + 60_000, // newest, so first in the table
    });
    const { context, page, errors } = await signedInPage(await createAdmin(e2e.server), MOBILE);
    await page.goto('/admin/announcements');
    await page.getByRole('button', { name: 'Edit announcement: Typo in this titel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Announcement' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Typo in this titel');
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true); // nothing changed yet
    await dialog.getByLabel('Title').fill('Typo in this title');
    await save.click();
    await toast(page, 'Announcement updated successfully.').waitFor();
    const row = page.getByTestId('announcement-row').filter({ hasText: 'Typo in this title' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Delete announcement: Typo in this title' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Announcement?' });
    await confirm
      .getByText(
        'Are you sure you want to delete the announcement titled "Typo in this title"? This action cannot be undone.',
        { exact: true },
      )
      .waitFor();
    await e2e.screenshot(page, `announcements-delete-confirm-${dialect}`);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Announcement deleted successfully.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('failures: banners hide silently, the history and table say so, a failed dismissal toasts and restores', async () => {
    await insertAnnouncement(e2e.server.db, {
      title: 'Failure probe',
      content: 'Used to test failures.',
    });
    const { context, page } = await signedInPage(await createUser(e2e.server));
    await page.route('**/_api/announcements', (r) =>
      r.fulfill({ status: 500, json: { error: 'Database unavailable' } }),
    );
    await page.route('**/_api/announcements/all', (r) =>
      r.fulfill({ status: 500, json: { error: 'Database unavailable' } }),
    );
    await page.goto('/');
    await page.getByRole('tab', { name: 'Announcements' }).click();
    await page.getByText('Failed to load announcements', { exact: true }).waitFor();
    expect(await banners(page).count()).toBe(0);
    expect(await page.getByText('Database unavailable').count()).toBe(0);

    await page.unroute('**/_api/announcements');
    await page.route('**/_api/announcements/dismiss', (r) =>
      r.fulfill({ status: 503, json: { error: 'Try again later' } }),
    );
    await page.goto('/');
    const banner = banners(page).filter({ hasText: 'Failure probe' });
    await banner.getByRole('button', { name: /^Dismiss announcement/ }).click();
    await toast(page, 'Failed to dismiss announcement: Try again later').waitFor();
    await banner.waitFor(); // back after the failure
    await context.close();

    const admin = await signedInPage(await createAdmin(e2e.server));
    await admin.page.route('**/_api/admin/announcements', (r) =>
      r.fulfill({ status: 500, json: { error: 'Boom' } }),
    );
    await admin.page.goto('/admin/announcements');
    await admin.page.getByText('Failed to load announcements: Boom').waitFor();
    // A failure whose body is not JSON (a proxy's error page) still explains itself.
    await admin.page.unroute('**/_api/admin/announcements');
    await admin.page.route('**/_api/admin/announcements', (r) =>
      r.request().method() === 'POST'
        ? r.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' })
        : r.continue(),
    );
    await admin.page.reload();
    await admin.page.getByRole('button', { name: 'New Announcement' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Create New Announcement' });
    await dialog.getByLabel('Title').fill('Through a broken proxy');
    await dialog.getByLabel('Content (Markdown)').fill('This will not get through.');
    await dialog.getByRole('button', { name: 'Create Announcement' }).click();
    await toast(
      admin.page,
      'Failed to create announcement: Failed to parse error response',
    ).waitFor();
    await dialog.waitFor(); // stays open, nothing typed is lost
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Through a broken proxy');
    await admin.context.close();
  });

  it('keyboard: Enter dismisses a banner and focus moves on to the next one', async () => {
    await insertAnnouncement(e2e.server.db, {
      title: 'Keyboard first',
      createdAt: Date.now() + 120_000,
    });
    await insertAnnouncement(e2e.server.db, {
      title: 'Keyboard second',
      createdAt: Date.now() + 60_000,
    });
    const { context, page, errors } = await signedInPage(await createUser(e2e.server));
    await page.goto('/');
    const first = banners(page).first();
    await first.getByText('Keyboard first').waitFor();
    await first.getByRole('button', { name: 'Dismiss announcement: Keyboard first' }).focus();
    await page.keyboard.press('Enter');
    await banners(page).filter({ hasText: 'Keyboard first' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Dismiss announcement: Keyboard second',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a user on /admin/announcements gets Access Denied', async () => {
    const { context, page } = await signedInPage(await createUser(e2e.server));
    await page.goto('/admin/announcements');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('Access denied. Your role (user) lacks required permissions.').waitFor();
    await context.close();
  });
});

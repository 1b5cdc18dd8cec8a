// Offline, or with every source failing, the screens say so beside the spec's
// texts: a warning toast after Refresh Feed, a notice on the feed that holds after a
// reload and leads to Sources, the rocket page naming the failed fetch, and the
// admin's Jobs card showing the run as failed with its count.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { SourceType } from '../../src/shared/constants';
import { createSource, createUser, type TestUser } from '../helpers/factories';
import { describeE2E, DESKTOP, MOBILE, SCREENSHOT_DIR, useE2E, type E2E } from './browser';

/** Nothing listens on the discard port: fetches there fail as offline ones do. */
const UNREACHABLE = 'http://127.0.0.1:9';

async function insertSource(e2e: E2E, name: string, sourceType: SourceType = 'rss') {
  const url = `${UNREACHABLE}/${encodeURIComponent(name)}.xml`;
  await createSource(e2e.server, { name, url, sourceType });
}

async function signIn(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const notice = (page: Page) => page.getByTestId('source-failure-notice');

describeE2E('when sources cannot be reached', () => {
  const e2e = useE2E({
    env: { REFRESH_COOLDOWN_SECONDS: '0', LAUNCH_LIBRARY_URL: `${UNREACHABLE}/2.2.0` },
  });
  let user: TestUser;

  beforeAll(async () => {
    await insertSource(e2e, 'Offline Observatory');
    await insertSource(e2e, 'Offline Telescope');
    user = await createUser(e2e.server, { displayName: 'Vera Rubin' });
  });

  it('Refresh Feed warns beside its spec toast, and the feed keeps a notice that leads to Sources', async () => {
    const { context, page } = await e2e.newPage(DESKTOP);
    await signIn(context, user);
    await page.goto('/');
    await page.getByRole('heading', { name: 'No News Found' }).waitFor();
    // Never fetched yet: nothing failed, nothing to say.
    expect(await notice(page).count()).toBe(0);

    // The first fetch also starts the ingest worker threads: slow on a busy machine.
    const fetched = page.waitForResponse((r) => r.url().endsWith('/_api/news/fetch'), {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Refresh Feed' }).click();
    expect(await (await fetched).json()).toEqual({
      newItemsAdded: 0,
      sourcesFetched: 2,
      sourcesFailed: 2,
    });
    await toast(page, 'Feed refresh initiated')
      .getByText('0 new items are being fetched.', { exact: true })
      .waitFor();
    const warning = toast(page, '2 of 2 sources could not be reached');
    await warning.waitFor();
    expect(await warning.getAttribute('data-type')).toBe('warning');
    await notice(page)
      .filter({ hasText: '2 of 2 sources could not be reached — see Sources' })
      .waitFor();
    // The spec's empty state stays.
    await page.getByText('Try adjusting your filters or check back later.').waitFor();

    // The toast's action opens Sources, where each source shows its error.
    await warning.getByRole('button', { name: 'See Sources' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Sources' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.getByText('Last error:').first().waitFor();

    // After a reload the notice is still there: it reads the sources' own state.
    await page.reload();
    await notice(page).waitFor();
    await e2e.screenshot(page, 'source-failures-dashboard-desktop');
    await notice(page).getByRole('button', { name: 'see Sources' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Sources' }).getAttribute('aria-selected'))
      .toBe('true');
    // Focus follows to the Sources panel, so a keyboard user goes on from there.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('tabpanel');
    await page.getByText('Last error:').first().waitFor();
    await context.close();
  });

  it('shows the notice on a phone', async () => {
    const { context, page } = await e2e.newPage(MOBILE);
    await signIn(context, user);
    await page.goto('/');
    await notice(page)
      .filter({ hasText: '2 of 2 sources could not be reached — see Sources' })
      .waitFor();
    const box = await notice(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    await e2e.screenshot(page, 'source-failures-dashboard-mobile');
    await context.close();
  });

  it('the rocket page names the failed launch fetch; the Jobs card shows failed runs with their count', async () => {
    await insertSource(e2e, 'Upcoming Rocket Launches', 'rocket_launch');
    expect((await e2e.server.ctx.jobs.run('launch-schedule')).status).toBe('error');
    expect((await e2e.server.ctx.jobs.run('news-refresh')).status).toBe('error');

    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await e2e.newPage(viewport);
      await signIn(context, user);
      await page.goto('/rocket-launches');
      await page
        .getByTestId('rocket-status')
        .filter({ hasText: 'Data automatically refreshes every 4.8 hours.' })
        .waitFor();
      await page
        .getByTestId('rocket-status-error')
        .filter({
          hasText:
            /^Last fetch failed \(.+\): 1 of 1 source could not be fetched: Upcoming Rocket Launches: /,
        })
        .waitFor();
      await e2e.screenshot(
        page,
        `source-failures-rocket-${viewport === MOBILE ? 'mobile' : 'desktop'}`,
      );
      await context.close();
    }

    const admin = await createUser(e2e.server, { role: 'admin' });
    const adminPage = await e2e.newPage(DESKTOP);
    await signIn(adminPage.context, admin);
    await adminPage.page.goto('/admin');
    const job = adminPage.page.getByTestId('job-news-refresh');
    await job.getByText('Failed', { exact: true }).waitFor();
    await job.getByText(/^3 of 3 sources could not be fetched: /).waitFor();
    await job
      .getByTestId('job-figures')
      .filter({ hasText: '0 new items · 3 sources fetched · 3 failed' })
      .waitFor();
    const launches = adminPage.page.getByTestId('job-launch-schedule');
    await launches.getByTestId('job-figures').filter({ hasText: '1 source fetched' }).waitFor();
    await e2e.screenshot(adminPage.page, 'source-failures-admin-jobs');
    await adminPage.context.close();
    const phone = await e2e.newPage(MOBILE);
    await signIn(phone.context, admin);
    await phone.page.goto('/admin');
    await phone.page.getByTestId('job-news-refresh').getByText('Failed', { exact: true }).waitFor();
    await phone.page.getByTestId('job-news-refresh').scrollIntoViewIfNeeded();
    await phone.page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'source-failures-admin-jobs-mobile.png'),
    });
    await phone.context.close();
  });
});

// Browser journey: from the header strip to the sky calendar; satellite passes
// (orbits read by the sky-tles job), the year's events with a filter, and the
// iCal subscription created, followed and revoked; at 375 px too.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { routeOpenMeteo, routeSwpc } from '../helpers/sky-fixtures';
import { celestrakTextAt } from '../helpers/tle-fixtures';
import { MOBILE, describeE2E, useE2E } from './browser';

let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await FixtureServer.start();
  routeOpenMeteo(fixtures);
  routeSwpc(fixtures);
  fixtures.route('/NORAD/elements/gp.php', {
    body: celestrakTextAt(Date.now() - 6 * 3_600_000),
    type: 'text/plain',
  });
});
afterAll(() => fixtures?.close());

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describeE2E('sky calendar', () => {
  const e2e = useE2E(() => ({
    env: { OPEN_METEO_URL: fixtures.url, SWPC_URL: fixtures.url, CELESTRAK_URL: fixtures.url },
  }));

  it('shows passes and the year, filters it, and hands out a calendar URL', async () => {
    expect((await e2e.server.ctx.jobs.run('sky-tles')).status).toBe('success');
    const user = await createUser(e2e.server, { zipCode: '28202' });
    const { page, context } = await e2e.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, user);
    await page.getByRole('banner').getByRole('link', { name: 'Sky calendar' }).click();
    await page.getByRole('heading', { name: 'Sky calendar', level: 1 }).waitFor();

    const passes = page.getByRole('list', { name: 'Visible passes' });
    const none = page.getByText(/No visible pass climbs/);
    await passes.or(none).waitFor();
    await page.getByText(/Orbits from CelesTrak, \d+ hours? old\./).waitFor();
    await page.getByLabel('Only passes climbing at least').selectOption('10');
    await page.getByLabel('Only passes climbing at least').and(page.locator(':enabled')).waitFor();
    expect(await page.getByLabel('Only passes climbing at least').inputValue()).toBe('10');

    const year = page.locator('[data-kind]');
    await year.first().waitFor();
    const all = await year.count();
    expect(all).toBeGreaterThan(60);
    expect(await page.locator('[data-kind="moon-phase"]').count()).toBeGreaterThan(45);
    await e2e.screenshot(page, 'sky-calendar-desktop');
    await page.getByLabel('Show').selectOption('Meteors');
    expect(await year.count()).toBe(10);
    expect(await page.locator('[data-kind]:not([data-kind="meteor-shower"])').count()).toBe(0);
    await page.getByText('Geminids peak').waitFor();

    await page.getByRole('button', { name: 'Create calendar URL' }).click();
    const url = await page.getByLabel('Calendar URL').inputValue();
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const ics = await fetch(url);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VEVENT');
    await page.getByText(/not read yet|last read/).waitFor();
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Create calendar URL' }).waitFor();
    expect((await fetch(url)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();

    // A phone: the same page, one column, nothing wider than the screen.
    const phone = await e2e.newPage(MOBILE);
    await signIn(phone.page, user);
    await phone.page.getByRole('banner').getByRole('button', { name: 'Sky conditions' }).click();
    await phone.page.getByRole('link', { name: 'Sky calendar' }).click();
    await phone.page.locator('[data-kind]').first().waitFor();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await e2e.screenshot(phone.page, 'sky-calendar-mobile');
    await phone.context.close();
  });
});

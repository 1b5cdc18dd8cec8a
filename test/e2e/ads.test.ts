// ADS_SCRIPT_URL: the external ad script loads for signed-in users, never for noAds users.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { describeE2E, useE2E, type E2E } from './browser';

describeE2E('external ad script', () => {
  let ads: FixtureServer;
  let e2e: E2E;
  beforeAll(async () => {
    ads = await FixtureServer.start();
    ads.route('/ads.js', { body: 'window.__adsLoaded = true;', type: 'text/javascript' });
  });
  afterAll(() => ads.close());
  // Read when the server starts, after the fixture server is up.
  e2e = useE2E(() => ({ env: { ADS_SCRIPT_URL: `${ads.url}/ads.js` } }));

  async function signInAs(email: string) {
    const { page, context } = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Telescope42');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText(/^Welcome back/).waitFor();
    return { page, context };
  }

  it('is served in the public config', async () => {
    const res = await e2e.server.client().get('/_api/app/config');
    expect(res.body).toEqual({ adsScriptUrl: `${ads.url}/ads.js` });
  });

  it('loads for a signed-in user', async () => {
    await createUser(e2e.server, { email: 'reader@example.com', password: 'Telescope42' });
    const { page, context } = await signInAs('reader@example.com');
    await expect
      .poll(() => page.evaluate(() => (window as { __adsLoaded?: boolean }).__adsLoaded === true), {
        timeout: 5000,
      })
      .toBe(true);
    await context.close();
  });

  it('never loads for a user with noAds', async () => {
    const user = await createUser(e2e.server, {
      email: 'patron@example.com',
      password: 'Telescope42',
    });
    await e2e.server.db.updateTable('users').set({ no_ads: 1 }).where('id', '=', user.id).execute();
    const { page, context } = await signInAs('patron@example.com');
    await page.waitForTimeout(500);
    expect(await page.locator('script[data-ads]').count()).toBe(0);
    expect(
      await page.evaluate(() => (window as { __adsLoaded?: boolean }).__adsLoaded),
    ).toBeUndefined();
    await context.close();
  });
});

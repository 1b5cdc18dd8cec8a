// Browser journey: set a ZIP in the header strip, see weather, stargazing, Kp and
// the Moon, and open each dialog; at 375 px the strip folds into one button.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { routeOpenMeteo, routeSwpc } from '../helpers/sky-fixtures';
import { MOBILE, describeE2E, useE2E } from './browser';

let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await FixtureServer.start();
  routeOpenMeteo(fixtures);
  routeSwpc(fixtures);
  fixtures.route('/down/v1/forecast', {
    status: 503,
    body: '{"error":true}',
    type: 'application/json',
  });
});
afterAll(() => fixtures?.close());

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describeE2E('header sky strip', () => {
  const e2e = useE2E(() => ({ env: { OPEN_METEO_URL: fixtures.url, SWPC_URL: fixtures.url } }));

  it('sets a ZIP and opens every dialog', async () => {
    const user = await createUser(e2e.server);
    const { page, context } = await e2e.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, user);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Set Location' }).click();

    const dialog = page.getByRole('dialog', { name: 'Set Your Location' });
    await dialog
      .getByText(
        'Provide your 5-digit US ZIP code to get local weather and moon phase information.',
      )
      .waitFor();
    const field = dialog.getByLabel('ZIP Code');
    expect(await field.getAttribute('placeholder')).toBe('e.g., 90210');
    expect(await dialog.getByRole('button', { name: 'Remove Location' }).count()).toBe(0);
    await field.fill('123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Invalid zip code format. Must be 5 digits.').waitFor();
    await field.fill('00000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Unknown US ZIP code.').waitFor();
    await e2e.screenshot(page, 'sky-location-dialog');
    await field.fill('28202');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The strip refreshes at once with the saved place.
    await header.getByRole('button', { name: /^Weather: 78°F/ }).waitFor();
    await header.getByRole('button', { name: 'Stargazing: 6 out of 10' }).waitFor();
    await header.getByRole('button', { name: /^KP / }).waitFor();
    await header.getByRole('button', { name: /^Moon: / }).waitFor();
    await e2e.screenshot(page, 'sky-strip-desktop');

    await header.getByRole('button', { name: /^Weather: / }).click();
    const weather = page.getByRole('dialog', { name: 'Weather for Charlotte, NC' });
    await weather.getByText('Currently Partly cloudy').waitFor();
    for (const text of [
      'Feels Like',
      'High humidity, feels sticky.',
      'No precipitation expected.',
      '29.98 inHg',
      '10 miles',
      'Weather data by Open-Meteo',
    ])
      await weather.getByText(text).first().waitFor();
    await weather.getByText('(Moderate)').waitFor();
    await e2e.screenshot(page, 'sky-weather-dialog');
    await page.keyboard.press('Escape');

    await header.getByRole('button', { name: 'Stargazing: 6 out of 10' }).click();
    const star = page.getByRole('dialog', { name: 'Stargazing Score Explained' });
    await star.getByText('Cloud Coverage').waitFor();
    await star.getByText(/High humidity can fog your optics/).waitFor();
    await star.getByText(/Heavy cloud cover/).waitFor();
    await star.getByTestId('tonight-summary').waitFor();
    expect(await star.getByTestId('tonight-summary').innerText()).toMatch(/^Dark from /);
    await e2e.screenshot(page, 'sky-stargazing-dialog');
    await page.keyboard.press('Escape');

    await header.getByRole('button', { name: /^KP / }).click();
    const space = page.getByRole('dialog', { name: 'Space Weather Conditions' });
    await space.getByText('24-Hour Kp Forecast').waitFor();
    expect(await space.getByTestId('kp-bar').count()).toBe(8);
    await space.getByText('Active Warnings').waitFor();
    await e2e.screenshot(page, 'sky-space-dialog');
    await page.keyboard.press('Escape');

    await header.getByRole('button', { name: /^Moon: / }).click();
    const moon = page.getByRole('dialog', { name: 'Moon Phase Details' });
    for (const text of ['Moonrise', 'Moonset', 'Altitude', 'Azimuth', 'Distance', 'Next Phase'])
      await moon.getByText(text, { exact: true }).waitFor();
    await e2e.screenshot(page, 'sky-moon-dialog');
    await page.keyboard.press('Escape');

    // Change location: the field holds the saved ZIP; Remove Location is offered.
    await header.getByRole('button', { name: 'Change location' }).click();
    const again = page.getByRole('dialog', { name: 'Set Your Location' });
    expect(await again.getByLabel('ZIP Code').inputValue()).toBe('28202');
    await again.getByRole('button', { name: 'Remove Location' }).click();
    await header.getByRole('button', { name: 'Set Location' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('folds into one button at 375 px without pushing the page down', async () => {
    const user = await createUser(e2e.server, { zipCode: '28202' });
    const { page, context } = await e2e.newPage(MOBILE);
    await signIn(page, user);
    const header = page.getByRole('banner');
    const button = header.getByRole('button', { name: 'Sky conditions' });
    await expect.poll(() => button.innerText(), { timeout: 10_000 }).toMatch(/78°/);
    const box = await header.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(64);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await e2e.screenshot(page, 'sky-strip-mobile');
    await button.click();
    await page.getByRole('button', { name: 'Change location' }).waitFor();
    await e2e.screenshot(page, 'sky-strip-mobile-open');
    await page.getByRole('button', { name: /^Moon: / }).click();
    await page.getByRole('dialog', { name: 'Moon Phase Details' }).waitFor();
    await e2e.screenshot(page, 'sky-moon-dialog-mobile');
    await context.close();
  });
});

describeE2E('header sky strip when upstreams fail', () => {
  // Open-Meteo answers 503; SWPC has no products at /down (404).
  const e2e = useE2E(() => ({
    env: { OPEN_METEO_URL: `${fixtures.url}/down`, SWPC_URL: `${fixtures.url}/down` },
  }));

  it('shows Weather N/A and KP N/A with the reason as hover title, and still the Moon', async () => {
    const user = await createUser(e2e.server, { zipCode: '28202' });
    const { page, context } = await e2e.newPage();
    await signIn(page, user);
    const header = page.getByRole('banner');
    const weather = header.getByRole('button', { name: 'Weather N/A' });
    await weather.waitFor();
    expect(await weather.getAttribute('title')).toBe(
      'Weather data unavailable: 127.0.0.1:' + new URL(fixtures.url).port + ' answered 503',
    );
    const kp = header.getByRole('button', { name: 'KP N/A' });
    await kp.waitFor();
    expect(await kp.getAttribute('title')).toMatch(
      /^Space weather data unavailable: .* answered 404$/,
    );
    // The weather failure still names the place, so the Moon is computed.
    await header.getByRole('button', { name: /^Moon: / }).waitFor();
    expect(await header.getByText('NaN').count()).toBe(0);
    await e2e.screenshot(page, 'sky-strip-unavailable');
    await context.close();
  });

  it('shows an unknown ZIP under the field at registration', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/register');
    await page.getByLabel('Email').fill('unknown-zip@example.test');
    await page.getByLabel('Display Name').fill('Zip Tester');
    await page.getByLabel('Password').fill('Correct-Horse-9');
    await page.getByLabel('Zip Code (optional)').fill('00000');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const field = page.getByLabel('Zip Code (optional)');
    await page.getByText('Unknown US ZIP code.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});

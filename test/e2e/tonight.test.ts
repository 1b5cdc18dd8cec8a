// Issue 28 in the browser: a place outside the US picked from the city list, the
// weather in metric units, tonight's verdict on the dashboard and in the stargazing
// dialog (desktop and phone); and night vision, remembered across a reload, walked
// over every screen: no computed colour has a green or blue channel above 0x33.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdmin, createUser } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { CHARLOTTE, nightAirQuality, nightForecast } from '../helpers/night-fixtures';
import { seedFeed } from '../helpers/seed-feed';
import { routeSwpc } from '../helpers/sky-fixtures';
import { describeE2E, useE2E } from './browser';

const NIGHT = '2026-09-13T15:00';
const PHONE = { width: 375, height: 812 };

let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await FixtureServer.start();
  const json = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  };
  fixtures.route('/v1/forecast', (_req: IncomingMessage, res: ServerResponse, url: URL) => {
    const latitude = Number(url.searchParams.get('latitude'));
    const longitude = Number(url.searchParams.get('longitude'));
    // Low cloud until 1 AM, then clear: a Go with a reason and a best window.
    const hour = (t: string) => (t < '2026-09-14T01:00' ? { low: 80, mid: 30 } : { high: 10 });
    if (latitude > 60)
      return json(
        res,
        nightForecast({
          latitude,
          longitude,
          timezone: 'Europe/Oslo',
          utcOffsetSeconds: 7200,
          current: NIGHT,
          hour,
        }),
      );
    json(res, nightForecast({ ...CHARLOTTE, current: NIGHT, hour }));
  });
  fixtures.route('/v1/air-quality', (_req: IncomingMessage, res: ServerResponse) =>
    json(res, nightAirQuality({ ...CHARLOTTE, current: NIGHT })),
  );
  routeSwpc(fixtures);
});
afterAll(() => fixtures?.close());

async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('banner').waitFor();
}

/**
 * Every computed colour on the rendered page with a green or blue channel above
 * 0x33: text, backgrounds, borders and outlines that are drawn, decorations, SVG
 * fill and stroke, shadows and gradients, on elements and their ::before, ::after
 * and ::placeholder. Colours are resolved to sRGB by the browser itself
 * (relative colour syntax); fully transparent ones are not seen and are skipped.
 */
function brightColours(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const probe = document.createElement('i');
    document.body.append(probe);
    const parse = (text: string) => {
      const rgb = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)/.exec(text);
      if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
      const srgb = /^color\(srgb ([-\d.e]+) ([-\d.e]+) ([-\d.e]+)/.exec(text);
      if (srgb) return [1, 2, 3].map((i) => Math.round(Number(srgb[i]) * 255));
      return null;
    };
    const resolved = new Map<string, number[] | null>();
    const channels = (colour: string) => {
      if (!resolved.has(colour)) {
        probe.style.color = `rgb(from ${colour} r g b / 1)`;
        const rgb = parse(getComputedStyle(probe).color);
        probe.style.color = `rgb(from ${colour} calc(alpha * 255) 0 0 / 1)`;
        const alpha = parse(getComputedStyle(probe).color)?.[0] ?? 255;
        resolved.set(colour, alpha === 0 ? null : rgb);
      }
      return resolved.get(colour);
    };
    const COLOUR = /(?:rgba?|color|oklch|oklab|lab|lch|hsla?|hwb)\([^()]*\)|#[0-9a-f]{3,8}\b/gi;
    const bad = new Set<string>();
    const check = (where: string, prop: string, value: string) => {
      for (const colour of value.match(COLOUR) ?? []) {
        const c = channels(colour);
        if (c && (c[1] > 0x33 || c[2] > 0x33)) bad.add(`${where} ${prop}: ${colour}`);
      }
    };
    const inspect = (el: Element, pseudo: string | null) => {
      const s = getComputedStyle(el, pseudo);
      if (pseudo && (s.content === 'none' || s.content === 'normal') && pseudo !== '::placeholder')
        return;
      const classes = el.getAttribute('class') ?? '';
      const where = `${el.tagName.toLowerCase()}${pseudo ?? ''}.${classes.slice(0, 60)}`;
      check(where, 'color', s.color);
      check(where, 'background-color', s.backgroundColor);
      if (s.backgroundImage !== 'none') check(where, 'background-image', s.backgroundImage);
      for (const side of ['top', 'right', 'bottom', 'left'])
        if (parseFloat(s.getPropertyValue(`border-${side}-width`)) > 0)
          check(where, `border-${side}-color`, s.getPropertyValue(`border-${side}-color`));
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0)
        check(where, 'outline-color', s.outlineColor);
      if (s.textDecorationLine !== 'none')
        check(where, 'text-decoration-color', s.textDecorationColor);
      if (s.boxShadow !== 'none') check(where, 'box-shadow', s.boxShadow);
      if (el instanceof SVGElement) {
        if (s.fill !== 'none') check(where, 'fill', s.fill);
        if (s.stroke !== 'none') check(where, 'stroke', s.stroke);
      }
    };
    for (const el of document.querySelectorAll('body *')) {
      if (el === probe || el.closest('.night-vision-filter')) continue;
      if (el.getClientRects().length === 0) continue;
      inspect(el, null);
      inspect(el, '::before');
      inspect(el, '::after');
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)
        inspect(el, '::placeholder');
    }
    inspect(document.body, null);
    probe.remove();
    return [...bad].slice(0, 25);
  });
}

describeE2E('tonight, anywhere on Earth', () => {
  const e2e = useE2E(() => ({
    env: {
      OPEN_METEO_URL: fixtures.url,
      OPEN_METEO_AIR_QUALITY_URL: fixtures.url,
      SWPC_URL: fixtures.url,
    },
  }));

  it('picks a city outside the US and shows the weather and tonight in metric', async () => {
    await seedFeed(e2e.server.db, { sources: 2, perSource: 4 });
    const user = await createUser(e2e.server);
    const { page, context } = await e2e.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, user);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Set Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Your Location' });
    // The spec's ZIP form stays as it is; coordinates are checked like the server does.
    await dialog.getByLabel('ZIP Code').waitFor();
    await dialog.getByLabel('Latitude').fill('91');
    await dialog.getByLabel('Longitude').fill('10');
    await dialog.getByRole('button', { name: 'Use coordinates' }).click();
    await dialog.getByText('Latitude must be between -90 and 90').waitFor();
    await dialog.getByRole('combobox', { name: 'City' }).fill('Troms');
    const option = dialog.getByRole('button', { name: 'Tromsø, Norway' });
    await option.waitFor();
    await e2e.screenshot(page, 'tonight-location-dialog');
    await option.click();
    await dialog.waitFor({ state: 'detached' });

    await header.getByRole('button', { name: /^Weather: 26°C/ }).waitFor();
    const line = page.getByTestId('tonight-line');
    await expect.poll(() => line.innerText()).toMatch(/^Tonight\s*Go\s*clear and dark/);

    await header.getByRole('button', { name: /^Stargazing: / }).click();
    const star = page.getByRole('dialog', { name: 'Stargazing Score Explained' });
    const verdict = star.getByTestId('tonight-verdict');
    await verdict.getByText('Best window').waitFor();
    // 69.6°N in mid-September: no astronomical darkness, said so.
    await verdict.getByText(/^No astronomical darkness tonight/).waitFor();
    await verdict.getByText(/^Low cloud 80 % until 01:00$/).waitFor();
    await star
      .getByTestId('aurora-tier')
      .getByText(/^Aurora: /)
      .waitFor();
    expect(
      await star.getByRole('list', { name: 'Tonight hour by hour' }).locator('li').count(),
    ).toBeGreaterThan(3);
    await e2e.screenshot(page, 'tonight-stargazing-dialog');
    await page.keyboard.press('Escape');

    await header.getByRole('button', { name: /^Weather: / }).click();
    const weather = page.getByRole('dialog', { name: 'Weather for Tromsø, Norway' });
    for (const text of ['6.4 km/h', '16.1 km', '1015 hPa']) await weather.getByText(text).waitFor();
    await page.keyboard.press('Escape');
    await e2e.screenshot(page, 'tonight-dashboard-desktop');
    await page.goto('/account');
    await page.getByTestId('account-place').getByText('Tromsø, Norway').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the verdict on a phone', async () => {
    const user = await createUser(e2e.server, { zipCode: '28202' });
    const { page, context } = await e2e.newPage(PHONE);
    await signIn(page, user);
    const line = page.getByTestId('tonight-line');
    await expect.poll(() => line.innerText()).toMatch(/^Tonight\s*Go/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await e2e.screenshot(page, 'tonight-dashboard-mobile');
    await page.getByRole('button', { name: 'Sky conditions' }).click();
    await page.getByRole('button', { name: /^Stargazing: / }).click();
    const star = page.getByRole('dialog', { name: 'Stargazing Score Explained' });
    await star.getByText('Low cloud 80 % until 1:00 AM').waitFor();
    await e2e.screenshot(page, 'tonight-stargazing-mobile');
    await context.close();
  });

  it('keeps night vision red on black on every screen, and remembers it', async () => {
    const admin = await createAdmin(e2e.server, { zipCode: '28202' });
    const { page, context } = await e2e.newPage();
    await signIn(page, admin);
    const header = page.getByRole('banner');
    // The walk finds the light theme's blues and greys: it can fail.
    await page.getByTestId('tonight-line').getByText('Go').waitFor();
    expect((await brightColours(page)).length).toBeGreaterThan(5);
    await header.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Night vision' }).click();
    await page.waitForFunction(
      () => document.body.classList.contains('night') && !document.body.classList.contains('dark'),
    );
    await page.reload();
    await page.waitForFunction(() => document.body.classList.contains('night'));
    expect(await page.evaluate(() => localStorage.getItem('astrodash:theme'))).toBe('night');

    const found: Record<string, string[]> = {};
    const walk = async (name: string) => {
      await page.waitForLoadState('networkidle');
      const bad = await brightColours(page);
      if (bad.length) found[name] = bad;
    };
    await page.getByTestId('tonight-line').getByText('Go').waitFor();
    await walk('dashboard');
    await e2e.screenshot(page, 'night-vision-dashboard');
    for (const tab of ['Sources', 'AI Assistant', 'Announcements']) {
      await page.getByRole('tab', { name: tab }).click();
      await walk(`dashboard ${tab}`);
    }
    await page.getByRole('tab', { name: 'News Feed' }).click();

    const dialogs: [RegExp, string, string][] = [
      [/^Weather: /, 'Weather for Charlotte, NC', 'weather'],
      [/^Stargazing: /, 'Stargazing Score Explained', 'stargazing'],
      [/^KP /, 'Space Weather Conditions', 'space weather'],
      [/^Moon: /, 'Moon Phase Details', 'moon'],
      [/^Change location$/, 'Set Your Location', 'location'],
    ];
    for (const [button, title, name] of dialogs) {
      await header.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      if (name === 'stargazing')
        await dialog.getByTestId('tonight-verdict').getByText('Go').waitFor();
      if (name === 'location') {
        await dialog.getByRole('combobox', { name: 'City' }).fill('Lond');
        await dialog.getByRole('button', { name: 'London, United Kingdom' }).waitFor();
      }
      await walk(`${name} dialog`);
      if (name === 'stargazing') await e2e.screenshot(page, 'night-vision-stargazing');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await header.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Night vision' }).waitFor();
    expect(
      await page.getByRole('menuitemradio', { name: 'Night vision' }).getAttribute('aria-checked'),
    ).toBe('true');
    await walk('theme menu');
    await page.keyboard.press('Escape');

    for (const path of [
      '/reddit-feeds',
      '/bluesky-feeds',
      '/rocket-launches',
      '/announcements',
      '/account',
      '/admin',
      '/admin/announcements',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await page.locator('h1, h2').first().waitFor();
      await walk(path);
      if (path === '/account') await e2e.screenshot(page, 'night-vision-account');
    }
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('dialog', { name: 'Navigation menu' }).waitFor();
    await walk('phone navigation');
    await e2e.screenshot(page, 'night-vision-mobile-nav');
    await context.close();

    // Signed out, the remembered theme still holds.
    const out = await e2e.newPage();
    await out.page.addInitScript(() => localStorage.setItem('astrodash:theme', 'night'));
    for (const path of ['/login', '/register']) {
      await out.page.goto(path);
      await out.page.getByRole('button', { name: /^(Log In|Create Account)$/ }).waitFor();
      const bad = await brightColours(out.page);
      if (bad.length) found[path] = bad;
    }
    await e2e.screenshot(out.page, 'night-vision-register');
    await out.context.close();
    expect(found).toEqual({});
  });
});

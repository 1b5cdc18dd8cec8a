// Space topics in the browser (issue 29): chips on the dashboard's cards, the
// Topic filter composing with search, a chip to the topic page, Follow and
// Mute there, a topic's launches and sky events with their dates, at 1280 and 375 px,
// light and dark.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, type TestUser } from '../helpers/factories';
import { toLaunchRecord } from '../../src/server/launches/records';
import { storeLaunches } from '../../src/server/launches/repository';
import { FixtureServer, readFixture } from '../helpers/fixture-server';
import { articlesTitled, rssOf } from '../helpers/topic-feed';
import { describeE2E, DESKTOP, MOBILE, useE2E } from './browser';

const articles = articlesTitled([
  'Artemis II Flies Around the Moon for All',
  'NASA Releases Artemis II Moon Mission Launch Countdown',
  'JWST study links sulfur rich gas giants to core growth in distant HR 8799 system',
  'Live coverage: SpaceX to launch 25 Starlink satellites on Falcon 9 rocket from California',
  'Crew-12 launches to ISS',
  'Tropical Cyclone Narelle Crosses Australia',
]);

async function signIn(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

const cardTitles = (page: Page) => page.getByTestId('news-card').locator('h3').allTextContents();

describeE2E('space topics', () => {
  let fixtures: FixtureServer;
  const e2e = useE2E();
  let user: TestUser;

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures.route('/space.rss', {
      body: rssOf(articles, Date.now() - 24 * 3_600_000),
      type: 'application/rss+xml',
    });
    user = await createUser(e2e.server, { displayName: 'Nancy Roman' });
    const { context } = await e2e.newPage();
    await signIn(context, user);
    const created = await context.request.post('/_api/news/sources', {
      data: { name: 'Space news', url: `${fixtures.url}/space.rss`, sourceType: 'rss' },
    });
    const { id } = (await created.json()) as { id: string };
    await context.request.post('/_api/news/fetch', { data: { sourceIds: [id] } });
    await context.close();
    // A recorded Starlink launch in the store, first seen a day ago and moved 4 hours since.
    const recorded = JSON.parse(
      readFixture('ll2-upcoming-detailed-mode.json').toString('utf8'),
    ) as { results: unknown[] };
    const launch = toLaunchRecord(recorded.results[0])!;
    const net = Date.now() + 2 * 86_400_000;
    const at = (t: number) => {
      const iso = new Date(t).toISOString();
      return { ...launch, net: iso, windowStart: iso, windowEnd: iso };
    };
    await storeLaunches(e2e.server.db, [at(net - 4 * 3_600_000)], Date.now() - 86_400_000, true);
    await storeLaunches(e2e.server.db, [at(net)], Date.now() - 3_600_000, true);
  });
  afterAll(async () => {
    await fixtures?.close();
  });

  it('filters by a topic from the filter bar, follows it from its page, and mutes one', async () => {
    const { context, page } = await e2e.newPage(DESKTOP);
    await signIn(context, user);
    await page.goto('/');
    await page.getByTestId('news-card').first().waitFor();
    await expect.poll(() => page.getByTestId('topic-chip').count()).toBeGreaterThan(3);
    await e2e.screenshot(page, 'topics-dashboard-desktop');

    // The Topic select composes with search.
    await page.getByLabel('Topic', { exact: true }).selectOption('artemis-ii');
    await expect.poll(() => cardTitles(page)).toEqual([articles[1].title, articles[0].title]);
    await page.getByLabel('Search', { exact: true }).fill('Countdown');
    await expect.poll(() => cardTitles(page)).toEqual([articles[1].title]);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => page.getByTestId('news-card').count()).toBe(articles.length);

    // A chip leads to its topic's page, where the user follows it.
    await page
      .getByTestId('news-card')
      .filter({ hasText: articles[2].title })
      .getByRole('link', { name: 'James Webb Space Telescope' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'James Webb Space Telescope' }).waitFor();
    await page.getByText('Also called').waitFor();
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Following', pressed: true }).waitFor();
    await e2e.screenshot(page, 'topics-page-desktop');
    await page.goto('/topics/sun');
    await page
      .getByRole('list', { name: 'Sky events for Sun' })
      .getByRole('listitem')
      .first()
      .waitFor();
    await e2e.screenshot(page, 'topics-sky-events-desktop');

    // Muting Starlink takes its story out of the dashboard.
    await page.goto('/topics/starlink');
    await page.getByRole('button', { name: 'Mute' }).click();
    await page.getByRole('button', { name: 'Muted', pressed: true }).waitFor();
    await page.goto('/');
    await page.getByTestId('news-card').first().waitFor();
    await expect.poll(() => page.getByTestId('news-card').count()).toBe(articles.length - 1);
    expect(await cardTitles(page)).not.toContain(articles[3].title);
    await context.close();
  });

  it('shows the topic page and the chips on a phone, in the dark theme too', async () => {
    const { context, page } = await e2e.newPage(MOBILE);
    await signIn(context, user);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/topics/artemis-ii');
    await page.getByRole('heading', { level: 1, name: 'Artemis II' }).waitFor();
    await page.getByTestId('news-card').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await e2e.screenshot(page, 'topics-page-mobile-dark');
    // The Moon's page lists its sky events of the coming months, each with its date.
    await page.goto('/topics/moon');
    const events = page.getByRole('list', { name: 'Sky events for Moon' });
    await events.getByRole('listitem').first().waitFor();
    expect(await events.getByRole('listitem').count()).toBeGreaterThan(3);
    await expect.poll(() => events.locator('time').first().textContent()).toMatch(/\d{4}/);
    await page.getByRole('link', { name: 'The whole sky calendar' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await e2e.screenshot(page, 'topics-sky-events-mobile-dark');
    // Starlink's page lists its launch with how the date moved, and the changes on request.
    await page.goto('/topics/starlink');
    const launch = page.getByTestId('topic-launch').first();
    await launch.getByText('moved 1 time, +4 h in all').waitFor();
    await launch.getByText(/changes? recorded/).click();
    await launch.getByText(/Moved \+4 h: NET/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await e2e.screenshot(page, 'topics-launches-mobile-dark');
    // The dashboard's rows carry the chips too.
    await page.goto('/');
    await page.getByRole('button', { name: 'List View' }).click();
    await page.getByTestId('news-row').first().waitFor();
    await expect.poll(() => page.getByTestId('topic-chip').count()).toBeGreaterThan(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await e2e.screenshot(page, 'topics-rows-mobile-dark');
    await page.goto('/topics/no-such-topic');
    await page.getByRole('heading', { name: 'Topic not found' }).waitFor();
    await context.close();
  });
});

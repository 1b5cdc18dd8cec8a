// Launches as first-class, in the browser: the launch job polls a Launch
// Library stand-in (three polls while a launch slips twice and another's date is
// refined), a news story about one launch is linked by its mission's name; the
// dashboard shows the story's chip, which opens the launch on the launch page;
// the page ticks a countdown, shows LIVE, the moves and the stories, offers the
// .ics; the admin's Jobs card shows the call budget and the next poll. Desktop
// and phone, light and dark.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refreshSources, SOURCE_COLUMNS } from '../../src/server/ingest/pipeline';
import { createSource, createUser, type TestUser } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { Ll2World, statusName, type WorldEvent, type WorldLaunch } from '../helpers/ll2-world';
import { describeE2E, useE2E } from './browser';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const id = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STORY = 'Live coverage: SpaceX to launch the Starlink 10-62 mission from Cape Canaveral';

const now = Date.now();
let worldNow = now - 6 * HOUR;
const base = { netPrecision: 'Minute', statusId: 1, status: statusName(1), windowMs: HOUR };
// Soon: slips twice while polled; later: first known only to the month; flying: lifted off.
const soon: WorldLaunch = {
  ...base,
  id: id(1),
  name: 'Falcon 9 Block 5 | Starlink Group 10-62',
  net: now + 30 * MIN,
};
const later: WorldLaunch = {
  ...base,
  id: id(2),
  name: 'Electron | Owl Night Long',
  net: now + 40 * DAY,
  netPrecision: 'Month',
  statusId: 2,
  status: statusName(2),
};
const flying: WorldLaunch = {
  ...base,
  id: id(3),
  name: 'Ariane 64 | Galileo L14',
  net: now - 10 * MIN,
  statusId: 6,
  status: statusName(6),
};
const events: WorldEvent[] = [
  { at: now - 4 * HOUR, launchId: soon.id, change: { net: now + HOUR, comment: 'Delayed.' } },
  {
    at: now - 2 * HOUR,
    launchId: soon.id,
    change: { net: now + 2 * HOUR + 45 * MIN, comment: 'Now targeting 2 h 45 min from now.' },
  },
  {
    at: now - 2 * HOUR,
    launchId: later.id,
    change: { net: now + 12 * DAY, netPrecision: 'Day', comment: 'NET set to the day.' },
  },
];

describeE2E('launches on the dashboard, the launch page and the Jobs card', () => {
  const world = new Ll2World([soon, later, flying], events, () => worldNow, now - 30 * DAY);
  let fixtures: FixtureServer;
  let ll2 = '';
  let user: TestUser;
  let admin: TestUser;

  // Before the server starts: it is pointed at this Launch Library.
  beforeAll(async () => {
    ll2 = await world.start();
    fixtures = await FixtureServer.start();
    fixtures.route('/news.xml', {
      type: 'application/rss+xml',
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Space</title><link>https://news.example.test/</link><item><title>${STORY}</title><link>https://news.example.test/starlink-10-62</link><description>Liftoff of the Starlink 10-62 mission from pad 40 is scheduled this afternoon.</description><pubDate>${new Date(now - 20 * MIN).toUTCString()}</pubDate></item></channel></rss>`,
    });
  }, 60_000);
  afterAll(async () => {
    await fixtures?.close();
    await world.close();
  });
  const e2e = useE2E(() => ({ env: { LAUNCH_LIBRARY_URL: ll2, INGEST_WORKERS: '0' } }));

  beforeAll(async () => {
    const { server } = e2e;
    await createSource(server, {
      name: 'Upcoming Rocket Launches',
      url: 'https://ll.thespacedevs.com/2.3.0/launches/upcoming/',
      sourceType: 'rocket_launch',
    });
    const news = await createSource(server, {
      name: 'Space news',
      url: `${fixtures.url}/news.xml`,
    });
    // Three polls: before the slips, between them, after them.
    for (const at of [now - 5 * HOUR, now - 3 * HOUR, now - HOUR]) {
      worldNow = at;
      const run = await server.ctx.jobs.run('launch-schedule');
      if (run.status !== 'success') throw new Error(`the launch job did not poll: ${run.status}`);
    }
    await refreshSources(
      server.ctx,
      await server.db
        .selectFrom('news_sources')
        .select([...SOURCE_COLUMNS])
        .where('id', '=', news)
        .execute(),
    );
    user = await createUser(server, { displayName: 'Gene Kranz' });
    admin = await createUser(server, { role: 'admin', displayName: 'Flight Director' });
  }, 120_000);

  async function open(who: TestUser, url: string, viewport = DESKTOP, dark = false) {
    const { context, page } = await e2e.newPage(viewport);
    await signIn(context, who);
    if (dark) {
      await page.goto('/login');
      await page.evaluate(() => localStorage.setItem('astrodash:theme', 'dark'));
    }
    await page.goto(url);
    return { context, page };
  }

  it('a story about a launch carries its chip, which opens the launch on the launch page', async () => {
    for (const [viewport, dark, name] of [
      [DESKTOP, false, 'desktop'],
      [PHONE, true, 'phone-dark'],
    ] as const) {
      const { context, page } = await open(user, '/', viewport, dark);
      const card = page.getByTestId('news-card').filter({ hasText: STORY });
      const chip = card.getByTestId('launch-chip');
      await chip.waitFor();
      expect(await chip.textContent()).toMatch(/^Go · T−2 h 4\d min$/);
      await e2e.screenshot(page, `launches-chip-${name}`);
      await chip.click();
      await page.waitForURL(/\/rocket-launches\?launch=/);
      const dialog = page.getByTestId('launch-dialog');
      await dialog.getByRole('heading', { name: soon.name }).waitFor();
      await dialog.getByText('moved 2 times, +2 h 15 min in all').waitFor();
      const timeline = dialog.getByTestId('launch-timeline');
      await timeline.getByText('Now targeting 2 h 45 min from now.').waitFor();
      expect(await timeline.locator('[data-kind="moved"]').count()).toBe(2);
      await dialog.getByRole('link', { name: STORY }).waitFor();
      await e2e.screenshot(page, `launches-dialog-${name}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(page.url()).not.toContain('launch=');
      await context.close();
    }
  });

  it('the launch page ticks a countdown, shows LIVE, the moves, a refined date, the stories and the .ics', async () => {
    for (const [viewport, dark, name] of [
      [DESKTOP, false, 'desktop'],
      [DESKTOP, true, 'desktop-dark'],
      [PHONE, false, 'phone'],
    ] as const) {
      const { context, page } = await open(user, '/rocket-launches', viewport, dark);
      await page.getByRole('heading', { name: 'Launch Schedule', level: 1 }).waitFor();
      const panel = page.locator(`[data-testid="launch-panel"][data-launch-id="${soon.id}"]`);
      const countdown = panel.getByTestId('launch-countdown');
      await countdown.waitFor();
      const first = await countdown.textContent();
      expect(first).toMatch(/^T−0[12]:\d\d:\d\d$/);
      await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(first);
      expect(await panel.getByTestId('launch-moves').textContent()).toBe(
        'moved 2 times, +2 h 15 min in all',
      );
      await panel.getByRole('link', { name: STORY }).waitFor();
      expect(
        await panel
          .getByRole('link', { name: `Add ${soon.name} to calendar` })
          .getAttribute('href'),
      ).toBe(`/_api/launches/${soon.id}/calendar.ics`);
      const vague = page.locator(`[data-testid="launch-panel"][data-launch-id="${later.id}"]`);
      expect(await vague.getByTestId('launch-moves').textContent()).toBe('date refined');
      await vague.getByTestId('launch-net-vague').waitFor();
      // The spec's texts stay: the status line and the provider credit.
      await page.getByTestId('rocket-status').waitFor();
      await e2e.screenshot(page, `launches-page-${name}`);
      await context.close();
    }
  });

  it('LIVE within two hours of T−0; the .ics downloads with the launch’s UID', async () => {
    const { context, page } = await open(user, '/rocket-launches');
    const live = page.locator(`[data-testid="launch-panel"][data-launch-id="${flying.id}"]`);
    await live.getByTestId('launch-live').waitFor();
    expect(await live.getByTestId('launch-countdown').textContent()).toMatch(/^T\+00:1\d:\d\d$/);
    const ics = await context.request.get(`/_api/launches/${soon.id}/calendar.ics`);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toContain(`UID:${soon.id}@launches.astrodash`);
    await context.close();
  });

  it('the Jobs card shows the Launch Library calls of the last hour and the next poll', async () => {
    const { context, page } = await open(admin, '/admin');
    const job = page.getByTestId('job-launch-schedule');
    await job.getByTestId('job-call-budget').waitFor();
    expect(await job.getByTestId('job-call-budget').textContent()).toMatch(
      /^Launch Library calls in the last hour: \d+ of 12$/,
    );
    expect(await job.getByTestId('job-next-run').textContent()).toMatch(/^Next poll: /);
    await e2e.screenshot(page, 'launches-admin-jobs');
    await context.close();
  });
});

async function signIn(context: BrowserContext, who: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: who.email, password: who.password },
  });
  expect(res.status()).toBe(200);
}

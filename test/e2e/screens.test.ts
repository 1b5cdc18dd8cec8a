// The feed screens on a desktop and a phone: every source chip reachable, the
// filters beside the feed only, a compact list view, a card preview longer than
// two lines, a video at 16:9 across its card, a stable default-source list, the
// launch schedule with upcoming launches first, and a phone's first screen.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { SourceType } from '../../src/shared/constants';
import { createItem, createSource, createUser, type TestUser } from '../helpers/factories';
import { seedFeed } from '../helpers/seed-feed';
import { describeE2E, SCREENSHOT_DIR, useE2E, type E2E } from './browser';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const SOURCES = 18;
const VIDEO_TITLE = 'Flying past Saturn: a new ring-plane video';
const BROKEN_VIDEO_TITLE = 'A video whose thumbnail is gone';
/** Launch titles in the order the page must show them: upcoming soonest first, then past, latest first. */
const LAUNCHES = {
  soon: 'Falcon 9 | Starlink Group 12-3',
  later: 'Ariane 6 | Galileo L14',
  stale: 'Electron | Hawk Eye 360',
  done: 'Soyuz 2.1b | Glonass-K2',
  failed: 'Firefly Alpha | VICTUS',
};

interface SeedItem {
  title: string;
  url: string;
  itemType?: string;
  imageUrl?: string | null;
  publishedAt: number;
  extra?: Record<string, unknown>;
}

async function insertSource(
  e2e: E2E,
  name: string,
  url: string,
  sourceType: SourceType,
  items: SeedItem[],
) {
  const now = Date.now();
  const sourceId = await createSource(e2e.server, {
    name,
    url,
    sourceType,
    last_fetched_at: now,
    last_status: 'ok',
    next_fetch_at: now + DAY,
  });
  for (const [i, item] of items.entries()) {
    const summary = `${item.title}. What happened, why it matters to astronomers, and what comes next for the mission team and the instruments on board.`;
    await createItem(e2e.server, sourceId, {
      dedupe_key: `${url}#${i}`,
      url: item.url,
      title: item.title,
      summary: `<p>${summary}</p>`,
      summary_text: summary,
      image_url: item.imageUrl ?? null,
      published_at: item.publishedAt,
      fetched_at: now,
      updated_at: now,
      item_type: item.itemType ?? 'article',
      engagement_score: i,
      extra: item.extra ? JSON.stringify(item.extra) : null,
    });
  }
}

async function seed(e2e: E2E) {
  const now = Date.now();
  await seedFeed(e2e.server.db, { sources: SOURCES - 1, perSource: 3 });
  await insertSource(e2e, 'Orbit Videos', 'https://videos.example.test/feed', 'youtube', [
    {
      title: VIDEO_TITLE,
      itemType: 'video',
      url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      publishedAt: now - 10 * 60_000,
    },
    {
      title: BROKEN_VIDEO_TITLE,
      itemType: 'video',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      imageUrl: '/no-such-thumbnail.jpg',
      publishedAt: now - 20 * 60_000,
    },
  ]);
  const launch = (title: string, offset: number, status: string) => ({
    title,
    url: `https://launches.example.test/${encodeURIComponent(title)}`,
    publishedAt: now + offset,
    extra: {
      status,
      provider: 'Provider',
      pad: 'Pad 1',
      windowStart: new Date(now + offset).toISOString(),
      windowEnd: new Date(now + offset + HOUR).toISOString(),
    },
  });
  // Inserted out of order; the server sorts them by window (ascending).
  await insertSource(
    e2e,
    'Launch Library',
    'http://127.0.0.1:9/2.2.0/launch/upcoming/',
    'rocket_launch',
    [
      launch(LAUNCHES.later, 3 * DAY, 'To Be Confirmed'),
      launch(LAUNCHES.stale, -2 * DAY, 'Go for Launch'),
      launch(LAUNCHES.soon, DAY, 'Go for Launch'),
      launch(LAUNCHES.failed, -6 * DAY, 'Launch Failure'),
      launch(LAUNCHES.done, -4 * DAY, 'Launch Successful'),
    ],
  );
}

async function signIn(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

const cards = (page: Page) => page.getByTestId('news-card');
const rows = (page: Page) => page.getByTestId('news-row');
const filtersPanel = (page: Page) => page.getByRole('region', { name: 'Filters' });

/** Elements matching `selector` whose whole box is inside the viewport. */
const fullyVisible = (page: Page, selector: string) =>
  page.evaluate(
    (sel) =>
      [...document.querySelectorAll(sel)].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0;
      }).length,
    selector,
  );

/** What the screen shows (not the whole page), for the phone's first screen. */
async function viewportShot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

describeE2E('feed screens on desktop and phone', () => {
  const e2e = useE2E({ env: { LAUNCH_LIBRARY_URL: 'http://127.0.0.1:9' } });
  let user: TestUser;

  beforeAll(async () => {
    await seed(e2e);
    user = await createUser(e2e.server, { displayName: 'Vera Rubin' });
  });

  async function open(url: string, viewport = DESKTOP, view?: 'list') {
    const { context, page } = await e2e.newPage(viewport);
    // No internet here: YouTube thumbnails fail as they would offline.
    await context.route('https://i.ytimg.com/**', (route) => route.abort());
    await signIn(context, user);
    if (view) {
      await page.goto('/login');
      await page.evaluate(() => localStorage.setItem('astrodash:view-preference', 'list'));
    }
    await page.goto(url);
    return { context, page };
  }

  it('offers every source chip: the first ten, then "+9 more" that shows the rest', async () => {
    const { context, page } = await open('/');
    await cards(page).first().waitFor();
    const chips = filtersPanel(page).getByRole('group', { name: 'Sources' }).locator('button');
    // 18 feeds and the launch source: ten chips and the "+9 more" cue.
    const more = page.getByRole('button', { name: '+9 more' });
    await more.waitFor();
    expect(await chips.count()).toBe(11);
    await e2e.screenshot(page, 'screens-chips-folded');
    await more.click();
    await page.getByRole('button', { name: 'Show fewer' }).waitFor();
    expect(await chips.count()).toBe(SOURCES + 2);
    // Each one can be reached and pressed.
    const last = page.getByRole('button', { name: 'Star Notes 14' });
    await last.scrollIntoViewIfNeeded();
    expect(await last.isVisible()).toBe(true);
    await last.click();
    await page.getByRole('button', { name: 'Star Notes 14', pressed: false }).waitFor();
    await e2e.screenshot(page, 'screens-chips-open');
    await context.close();
  });

  it('shows the Filters panel with the feed tab only', async () => {
    const { context, page } = await open('/');
    await cards(page).first().waitFor();
    expect(await filtersPanel(page).isVisible()).toBe(true);
    for (const tab of ['Sources', 'AI Assistant', 'Announcements']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect.poll(() => filtersPanel(page).count()).toBe(0);
      if (tab === 'AI Assistant') {
        await page.getByRole('textbox', { name: 'Your question' }).waitFor();
        await e2e.screenshot(page, 'screens-chat-desktop');
      }
    }
    // The tab's content takes the width the panel had.
    const panel = page.getByRole('tabpanel', { name: 'Announcements' });
    expect((await panel.boundingBox())!.x).toBeLessThan(300);
    await page.getByRole('tab', { name: 'News Feed' }).click();
    await filtersPanel(page).waitFor();
    await context.close();
  });

  it('shows a card’s preview on more than two lines', async () => {
    const { context, page } = await open('/');
    const preview = cards(page).first().locator('p.text-muted-foreground').first();
    await preview.waitFor();
    const lines = await preview.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(Math.round(lines)).toBeGreaterThan(2);
    await context.close();
  });

  it('plays a video at 16:9 across its card, and keeps the play button clear of a failed thumbnail', async () => {
    const { context, page } = await open('/');
    const card = cards(page).filter({ hasText: VIDEO_TITLE });
    await card.getByRole('button', { name: 'Play video' }).click();
    const frame = card.locator('iframe');
    await frame.waitFor();
    const [box, cardBox] = [(await frame.boundingBox())!, (await card.boundingBox())!];
    expect(box.width).toBeGreaterThanOrEqual(cardBox.width - 2);
    expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThanOrEqual(2);
    await e2e.screenshot(page, 'screens-video-playing');

    const broken = cards(page).filter({ hasText: BROKEN_VIDEO_TITLE });
    const caption = broken.getByTestId('image-unavailable');
    await caption.waitFor();
    const play = (await broken.getByRole('button', { name: 'Play video' }).boundingBox())!;
    const text = (await caption.boundingBox())!;
    const overlaps =
      play.x < text.x + text.width &&
      text.x < play.x + play.width &&
      play.y < text.y + text.height &&
      text.y < play.y + play.height;
    expect(overlaps).toBe(false);
    await broken.getByRole('button', { name: 'Play video' }).click();
    await broken.locator('iframe').waitFor();
    await context.close();
  });

  it('shows list view as one-line rows, at least 15 on a 1280×800 screen, with share and link', async () => {
    const { context, page } = await open('/', DESKTOP, 'list');
    await rows(page).first().waitFor();
    await e2e.screenshot(page, 'screens-list-desktop');
    await expect
      .poll(() => fullyVisible(page, '[data-testid="news-row"]'))
      .toBeGreaterThanOrEqual(15);
    const first = rows(page).first();
    expect((await first.boundingBox())!.height).toBeLessThanOrEqual(40);
    // Type badge, title, summary, source and time, share, link and AI Summary stay in the row.
    for (const name of ['Share', 'Open in new tab', 'AI Summary']) {
      expect(
        await first.getByRole(name === 'Open in new tab' ? 'link' : 'button', { name }).isVisible(),
      ).toBe(true);
    }
    expect(await first.getByText('video', { exact: true }).isVisible()).toBe(true);
    expect(await first.locator('time').isVisible()).toBe(true);
    expect(await first.textContent()).toContain('What happened, why it matters');
    // An opened AI Summary takes a line of its own below the row.
    await first.getByRole('button', { name: 'AI Summary' }).click();
    await expect.poll(async () => (await first.boundingBox())!.height).toBeGreaterThan(50);
    await e2e.screenshot(page, 'screens-list-summary-open');
    await context.close();

    const phone = await open('/', PHONE, 'list');
    await rows(phone.page).first().waitFor();
    await viewportShot(phone.page, 'screens-list-phone');
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect((await rows(phone.page).first().boundingBox())!.height).toBeLessThanOrEqual(90);
    await phone.context.close();
  });

  it('keeps the default sources in place when one is switched off, until the list is reopened', async () => {
    const { context, page } = await open('/');
    await cards(page).first().waitFor();
    await page.getByRole('tab', { name: 'Sources' }).click();
    const list = page.getByRole('list', { name: 'Default sources' });
    const names = () =>
      list.getByRole('switch').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    await list.getByRole('switch').first().waitFor();
    const before = await names();
    const target = before[0]!;
    await list.getByRole('switch', { name: target, exact: true }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Source preference updated successfully.' })
      .waitFor();
    await expect
      .poll(() =>
        list.getByRole('switch', { name: target, exact: true }).getAttribute('aria-checked'),
      )
      .toBe('false');
    expect(await names()).toEqual(before);
    await e2e.screenshot(page, 'screens-default-sources');
    await page.getByRole('tab', { name: 'News Feed' }).click();
    await page.getByRole('tab', { name: 'Sources' }).click();
    await list.getByRole('switch').first().waitFor();
    // Reopened: enabled sources first again.
    await expect.poll(async () => (await names()).at(-1)).toBe(target);
    await list.getByRole('switch', { name: target, exact: true }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Source preference updated successfully.' })
      .nth(1)
      .waitFor();
    await context.close();
  });

  it('lists upcoming launches first, then past ones marked launched, failed or no longer scheduled', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await open('/rocket-launches', viewport);
      await rows(page).first().waitFor();
      await expect
        .poll(() => rows(page).locator('h3').allTextContents())
        .toEqual([LAUNCHES.soon, LAUNCHES.later, LAUNCHES.stale, LAUNCHES.done, LAUNCHES.failed]);
      const phases = await rows(page).evaluateAll((els) =>
        els.map((el) => el.querySelector('[data-testid="launch-phase"]')?.textContent ?? null),
      );
      expect(phases).toEqual([null, null, 'No longer scheduled', 'Launched', 'Failed']);
      expect(await rows(page).first().getByText('Go for Launch').isVisible()).toBe(true);
      // The past launch's stale status is not shown as if it were still ahead.
      expect(await rows(page).nth(2).getByText('Go for Launch').count()).toBe(0);
      await e2e.screenshot(page, `screens-launches-${viewport === PHONE ? 'phone' : 'desktop'}`);
      await context.close();
    }
  });

  it('shows the first story high on a phone, a cue on the tab strip, and the chat composer in sight', async () => {
    const { context, page } = await open('/', PHONE);
    await cards(page).first().waitFor();
    await viewportShot(page, 'screens-phone-dashboard');
    expect((await cards(page).first().boundingBox())!.y).toBeLessThan(300);
    // The header's buttons sit side by side, none drawn over another.
    const boxes = await page
      .getByRole('banner')
      .locator('button, a')
      .evaluateAll((els) =>
        els
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0)
          .map((r) => [r.left, r.right]),
      );
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    const overlaps = boxes.slice(1).filter(([left], i) => left < boxes[i][1] - 0.5);
    expect(overlaps).toEqual([]);
    // The four tabs do not fit in 375 px: a cue says more are there, and goes at the end.
    const more = page.getByTestId('tabs-more');
    expect(await more.isVisible()).toBe(true);
    const ai = page.getByRole('tab', { name: 'AI Assistant' });
    await ai.scrollIntoViewIfNeeded();
    await ai.click();
    const input = page.getByRole('textbox', { name: 'Your question' });
    await input.waitFor();
    const inView = async () => {
      const box = (await input.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    expect(await inView()).toBe(true);
    // Scrolled to the top of the page, the composer still sits at the screen's foot.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await inView()).toBe(true);
    await viewportShot(page, 'screens-phone-chat');
    await page.getByRole('tab', { name: 'Announcements' }).scrollIntoViewIfNeeded();
    await expect.poll(() => more.count()).toBe(0);
    await context.close();
  });
});

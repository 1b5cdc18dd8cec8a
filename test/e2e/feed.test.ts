// Browser journeys for the news feed: the dashboard's filters, search, view
// toggle, infinite scroll, share, refresh cool-down and inline YouTube player,
// and the launch schedule page. Data is seeded straight into the test database.
import type { SourceType } from '../../src/shared/constants';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { NewsListResponse } from '../../src/shared/types';
import { dialects } from '../helpers/database';
import { createItem, createSource, createUser, type TestUser } from '../helpers/factories';
import { describeE2E, DESKTOP, MOBILE, SCREENSHOT_DIR, useE2E, type E2E } from './browser';

const HOUR = 3_600_000;
const VIDEO_ID = 'aqz-KE-bpKQ';
const VIDEO_TITLE = 'Flying past Saturn: a new ring-plane video';
const JUPITER_TITLE = "Juno maps Jupiter's stormy north pole";
const BREAKING_TITLE = 'Starship lands on the pad for the first time';
const BROKEN_IMAGE_TITLE = 'Comet C/2026 A1 brightens unexpectedly';
const INLINE_IMAGE_TITLE = 'Sketching Saturn at the eyepiece';
const REDDIT_TITLE = 'My first photo of the Orion Nebula';
const LAUNCHES = [
  'Falcon 9 | Starlink Group 12-3',
  'Electron | Hawk Eye 360',
  'Ariane 6 | Galileo L14',
];
const SVG_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><defs><radialGradient id="g"><stop offset="0" stop-color="#f4d27a"/><stop offset="1" stop-color="#1b1f4a"/></radialGradient></defs><rect width="640" height="360" fill="#0b1030"/><circle cx="320" cy="180" r="120" fill="url(#g)"/></svg>',
  );

interface SeedItem {
  title: string;
  itemType?: string;
  url?: string;
  imageUrl?: string | null;
  summary?: string;
  /** Raw summary HTML (else the summary text wrapped in <p>). */
  summaryHtml?: string;
  isBreaking?: boolean;
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
  });
  for (const [i, item] of items.entries()) {
    const summary =
      item.summary ??
      `${item.title}. A longer look at what happened, why it matters for astronomers and what comes next for the mission team and the instruments on board.`;
    await createItem(e2e.server, sourceId, {
      dedupe_key: `${url}#${i}`,
      url: item.url ?? `${url}/story-${i}`,
      title: item.title,
      summary: item.summaryHtml ?? `<p>${summary}</p>`,
      summary_text: summary,
      image_url: item.imageUrl ?? null,
      published_at: item.publishedAt,
      fetched_at: now,
      updated_at: now,
      item_type: item.itemType ?? 'article',
      is_breaking: item.isBreaking ? 1 : 0,
      engagement_score: i,
      extra: item.extra ? JSON.stringify(item.extra) : null,
    });
  }
  return String(sourceId);
}

/** 25 dashboard items (3 pages of 10), plus reddit and launch items the dashboard leaves out. */
async function seed(e2e: E2E) {
  const now = Date.now();
  const cosmos: SeedItem[] = Array.from({ length: 20 }, (_, i) => ({
    title: `Cosmos report ${i + 1}: notes from the observatory`,
    publishedAt: now - (i + 3) * HOUR,
    imageUrl: i % 4 === 0 ? SVG_IMAGE : null,
  }));
  cosmos[1] = { ...cosmos[1], title: JUPITER_TITLE };
  cosmos[2] = { ...cosmos[2], title: BREAKING_TITLE, isBreaking: true, imageUrl: SVG_IMAGE };
  cosmos[5] = { ...cosmos[5], title: 'Podcast: the search for Planet Nine', itemType: 'podcast' };
  cosmos[6] = { ...cosmos[6], title: BROKEN_IMAGE_TITLE, imageUrl: '/no-such-image.png' };
  // Ingestion stores the first image of the summary HTML as imageUrl (normalize.ts).
  cosmos[7] = {
    ...cosmos[7],
    title: INLINE_IMAGE_TITLE,
    imageUrl: SVG_IMAGE,
    summaryHtml: `<p>Seen through the scope:</p><p><img src="${SVG_IMAGE}" alt=""></p>`,
  };
  await insertSource(e2e, 'Cosmos Daily', 'https://cosmos.example.test/feed', 'rss', cosmos);
  await insertSource(e2e, 'Orbit Weekly', 'https://orbit.example.test/feed', 'rss', [
    {
      title: VIDEO_TITLE,
      itemType: 'video',
      url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
      publishedAt: now - HOUR,
    },
    {
      title: 'Gallery: noctilucent clouds over Scotland',
      itemType: 'image',
      imageUrl: SVG_IMAGE,
      publishedAt: now - 2 * HOUR,
    },
    ...Array.from({ length: 3 }, (_, i) => ({
      title: `Orbit brief ${i + 1}`,
      publishedAt: now - (30 + i) * HOUR,
    })),
  ]);
  await insertSource(e2e, 'r/space', 'https://www.reddit.com/r/space/', 'reddit', [
    { title: REDDIT_TITLE, itemType: 'social_post', publishedAt: now - 10 * 60_000 },
  ]);
  // Launches are dated by their window, in the future and inserted out of order.
  return insertSource(
    e2e,
    'Launch Library',
    // A closed local port: the page's automatic fetch fails fast instead of reaching the internet.
    'http://127.0.0.1:9/2.2.0/launch/upcoming/',
    'rocket_launch',
    [2, 0, 1].map((i) => ({
      title: LAUNCHES[i],
      publishedAt: now + (i + 1) * 24 * HOUR,
      extra: {
        status: i === 0 ? 'Go for Launch' : 'To Be Confirmed',
        provider: 'SpaceX',
        pad: 'Space Launch Complex 40',
        windowStart: new Date(now + (i + 1) * 24 * HOUR).toISOString(),
      },
    })),
  );
}

async function signInContext(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

const cards = (page: Page) => page.getByTestId('news-card');
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Dark theme the way the theme menu keeps it, applied before paint on reload. */
async function reloadDark(page: Page) {
  await page.evaluate(() => localStorage.setItem('astrodash:theme', 'dark'));
  await page.reload();
  await cards(page).first().waitFor();
  await expect
    .poll(() => page.evaluate(() => document.body.classList.contains('dark')), { timeout: 5000 })
    .toBe(true);
}
const rows = (page: Page) => page.getByTestId('news-row');

describeE2E.each(dialects)('news feed in the browser (%s)', (dialect) => {
  const e2e = useE2E({ dialect, env: { LAUNCH_LIBRARY_URL: 'http://127.0.0.1:9' } });
  let user: TestUser;

  beforeAll(async () => {
    await seed(e2e);
    user = await createUser(e2e.server, { displayName: 'Vera Rubin' });
  });

  async function openDashboard(viewport = DESKTOP, beforeLoad?: (page: Page) => void) {
    const { context, page } = await e2e.newPage(viewport);
    beforeLoad?.(page);
    // Keep the suite off the internet: YouTube thumbnails fail here as they would offline.
    await context.route('https://i.ytimg.com/**', (route) => route.abort());
    await signInContext(context, user);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome back, Vera Rubin!' }).waitFor();
    await cards(page).first().waitFor();
    return { context, page };
  }

  it('shows the dashboard with the initial filter: newest first, no reddit, launches or BlueSky', async () => {
    const { context, page } = await openDashboard();
    // At least the first page of 10 (compact cards may let infinite scroll add the next);
    // the reddit and launch items are checked absent below.
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(10);
    await expect
      .poll(() => cards(page).first().textContent(), { timeout: 5000 })
      .toContain(VIDEO_TITLE);
    await expect(
      page.getByText('Latest updates from the cosmos, all in one place').isVisible(),
    ).resolves.toBe(true);
    for (const tab of ['News Feed', 'Sources', 'AI Assistant', 'Announcements']) {
      await expect(page.getByRole('tab', { name: tab }).isVisible()).resolves.toBe(true);
    }
    const breaking = cards(page).filter({ hasText: BREAKING_TITLE });
    await expect(breaking.getByText('Breaking', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(breaking.getByText('Cosmos Daily').isVisible()).resolves.toBe(true);
    await expect(page.getByText(REDDIT_TITLE).count()).resolves.toBe(0);
    // Images: a broken one says so; without imageUrl the summary's first image is used.
    const broken = cards(page).filter({ hasText: BROKEN_IMAGE_TITLE });
    await broken.scrollIntoViewIfNeeded(); // images load lazily
    await broken.getByText('Image unavailable').waitFor();
    await expect
      .poll(
        () =>
          cards(page)
            .filter({ hasText: INLINE_IMAGE_TITLE })
            .locator('img')
            .first()
            .getAttribute('src'),
        { timeout: 5000 },
      )
      .toBe(SVG_IMAGE);
    await expect(page.getByText(LAUNCHES[0]).count()).resolves.toBe(0);
    // Only the preselected sources are pressed.
    await expect(
      page.getByRole('button', { name: 'Cosmos Daily', pressed: true }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      page.getByRole('button', { name: 'r/space', pressed: false }).isVisible(),
    ).resolves.toBe(true);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await e2e.screenshot(page, 'feed-dashboard-desktop-light');
    await reloadDark(page);
    await e2e.screenshot(page, 'feed-dashboard-desktop-dark');
    await context.close();
  });

  it('keeps the red Video and Breaking badges readable in dark mode (text contrast at least 4.5:1)', async () => {
    const { context, page } = await openDashboard();
    await reloadDark(page);
    const badges = [
      cards(page).filter({ hasText: VIDEO_TITLE }).getByText('video', { exact: true }),
      cards(page).filter({ hasText: BREAKING_TITLE }).getByText('Breaking', { exact: true }),
    ];
    for (const badge of badges) {
      const ratio = await badge.evaluate((el) => {
        const canvas = document
          .createElement('canvas')
          .getContext('2d', { willReadFrequently: true })!;
        const luminance = (color: string) => {
          canvas.clearRect(0, 0, 1, 1);
          canvas.fillStyle = color;
          canvas.fillRect(0, 0, 1, 1);
          const [r, g, b] = Array.from(canvas.getImageData(0, 0, 1, 1).data.slice(0, 3), (v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const style = getComputedStyle(el);
        const [a, b] = [luminance(style.color), luminance(style.backgroundColor)];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      });
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    }
    await context.close();
  });

  it('shows where keyboard focus is when Tab moves from the tabs into the tab panel', async () => {
    const { context, page } = await openDashboard();
    await page.getByRole('tab', { name: 'News Feed' }).focus();
    await page.keyboard.press('Tab');
    const panel = page.getByRole('tabpanel', { name: 'News Feed' });
    await expect
      .poll(() => panel.evaluate((el) => el === document.activeElement), { timeout: 5000 })
      .toBe(true);
    await expect
      .poll(() => panel.evaluate((el) => getComputedStyle(el).boxShadow), { timeout: 5000 })
      .not.toBe('none');
    await context.close();
  });

  it('narrows the feed by item type and by search, and Clear Filters resets', async () => {
    const { context, page } = await openDashboard();
    await page.getByLabel('Type').selectOption('video');
    await expect.poll(() => cards(page).count()).toBe(1);
    await expect
      .poll(() => cards(page).first().textContent(), { timeout: 5000 })
      .toContain(VIDEO_TITLE);
    await page.getByLabel('Type').selectOption('');
    // Every type again: a full first page (compact cards may let infinite scroll add the next).
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(10);

    await page.getByPlaceholder('Search headlines and content...').fill('jupi');
    await expect.poll(() => cards(page).count()).toBe(1);
    await expect
      .poll(() => cards(page).first().textContent(), { timeout: 5000 })
      .toContain(JUPITER_TITLE);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(10);

    await page.getByPlaceholder('Search headlines and content...').fill('zzzzqqq');
    await page.getByText('No News Found').waitFor();
    await expect(
      page.getByText('Try adjusting your filters or check back later.').isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect
      .poll(() => page.getByPlaceholder('Search headlines and content...').inputValue())
      .toBe('');
    // Reset clears the source preselection too, so every visible source counts again.
    await expect
      .poll(() => page.getByRole('button', { name: 'Cosmos Daily', pressed: true }).count())
      .toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);
    await context.close();
  });

  it('shows the error state when the list call fails', async () => {
    const { context, page } = await e2e.newPage();
    await signInContext(context, user);
    await page.route('**/_api/news/list?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: 'Failed to fetch news list',
          message: 'Failed to fetch news list',
        }),
      }),
    );
    await page.goto('/');
    await page.getByText('Failed to load news').waitFor({ timeout: 15_000 });
    await expect(page.getByText('Failed to fetch news list').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('remembers List View across a reload', async () => {
    const { context, page } = await openDashboard();
    await page.getByRole('button', { name: 'List View' }).click();
    await rows(page).first().waitFor();
    await expect.poll(() => cards(page).count(), { timeout: 5000 }).toBe(0);
    await page.reload();
    await rows(page).first().waitFor();
    await expect(
      page.getByRole('button', { name: 'List View', pressed: true }).isVisible(),
    ).resolves.toBe(true);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('astrodash:view-preference')), {
        timeout: 5000,
      })
      .toBe('list');
    // Keyboard: a row, its Share button and link, its AI Summary button, then the next row.
    await rows(page).first().focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), {
        timeout: 5000,
      })
      .toBe('news-row');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 5000 })
      .toContain('Gallery: noctilucent clouds');
    await page.getByRole('button', { name: 'Card View' }).click();
    await cards(page).first().waitFor();
    await context.close();
  });

  it('scrolls to the end of the feed, following the cursor page by page', async () => {
    // Every list answer from the first on: compact cards can make the second page
    // load as soon as the first is shown.
    const loaded: NewsListResponse[] = [];
    const { context, page } = await openDashboard(DESKTOP, (p) =>
      p.on('response', async (res) => {
        if (res.url().includes('/_api/news/list') && res.ok())
          loaded.push((await res.json()) as NewsListResponse);
      }),
    );
    const end = page.getByText("You've reached the end of the feed.");
    for (let i = 0; i < 30 && !(await end.isVisible()); i++) {
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
      );
      await page.waitForTimeout(100);
    }
    await expect(end.isVisible()).resolves.toBe(true);
    expect(loaded.map((r) => r.pagination.page)).toEqual([1, 2, 3]);
    expect(new Set(loaded.flatMap((r) => r.items.map((i) => i.id))).size).toBe(25);
    await context.close();
  });

  it('copies a story link from the share popover', async () => {
    const { context, page } = await openDashboard();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2e.server.url,
    });
    const card = cards(page).filter({ hasText: JUPITER_TITLE });
    await card.getByRole('button', { name: 'Share' }).click();
    const popover = page.getByRole('dialog').filter({ hasText: 'Share this story' });
    await popover.waitFor();
    for (const link of ['Facebook', 'LinkedIn', 'Reddit', 'WhatsApp', 'Email']) {
      await expect
        .poll(() => popover.getByRole('link', { name: link }).getAttribute('target'), {
          timeout: 5000,
        })
        .toBe('_blank');
    }
    await expect
      .poll(() => popover.getByRole('link', { name: 'Email' }).getAttribute('href'), {
        timeout: 5000,
      })
      .toMatch(/^mailto:\?subject=.+&body=/);
    await e2e.screenshot(page, 'feed-share-popover');
    await popover.getByRole('button', { name: 'Copy Link' }).click();
    await popover.getByText('Copied!').waitFor();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 5000 })
      .toBe('https://cosmos.example.test/feed/story-1');
    // The popover's clicks never open the story behind it.
    expect(context.pages()).toHaveLength(1);
    await popover.getByText('Copy Link').waitFor({ timeout: 4000 });
    await context.close();
  });

  it('opens a story in a new tab with Enter on the focused card', async () => {
    const { context, page } = await openDashboard();
    // No internet here: the story's site is answered locally.
    await context.route('https://cosmos.example.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Story</h1>' }),
    );
    const card = cards(page).filter({ hasText: JUPITER_TITLE });
    await card.focus();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await expect.poll(() => popup.url()).toContain('cosmos.example.test/feed/story-1');
    await context.close();
  });

  it('refreshes the feed, cleans up, and counts down the 10-minute cool-down (also from the server)', async () => {
    const { context, page } = await openDashboard();
    // The first fetch also starts the ingest worker threads: slow on a busy machine.
    const fetched = page.waitForResponse((r) => r.url().endsWith('/_api/news/fetch'), {
      timeout: 60_000,
    });
    const cleanup = page.waitForRequest(
      (r) => r.url().endsWith('/_api/news/cleanup') && r.method() === 'POST',
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: 'Refresh Feed' }).click();
    expect((await fetched).status()).toBe(200);
    await toast(page, 'Feed refresh initiated')
      .getByText(/^\d+ new items are being fetched\.$/)
      .waitFor();
    expect((await (await cleanup).response())?.status()).toBe(200);
    await page.getByRole('button', { name: /^Refresh in 9:5\d$/ }).waitFor();
    const stored = Number(
      await page.evaluate(() => localStorage.getItem('astrodash:last-refresh')),
    );
    expect(Date.now() - stored).toBeLessThan(60_000);
    await page.reload();
    await page.getByRole('button', { name: /^Refresh in 9:[45]\d$/ }).waitFor();
    await context.close();

    // Another browser has no local cool-down: the server refuses, and its Retry-After drives the countdown.
    const other = await openDashboard();
    await other.page.getByRole('button', { name: 'Refresh Feed' }).click();
    await toast(other.page, 'Failed to refresh feed')
      .getByText(/Feed was refreshed recently/)
      .waitFor();
    await other.page.getByRole('button', { name: /^Refresh in 9:[45]\d$/ }).waitFor();
    await other.context.close();
  });

  it('plays a YouTube video inline without autoplay and closes it', async () => {
    const { context, page } = await openDashboard();
    const card = cards(page).filter({ hasText: VIDEO_TITLE });
    await card.getByRole('button', { name: 'Play video' }).click();
    const frame = card.locator('iframe');
    await frame.waitFor();
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src).toContain(`youtube-nocookie.com/embed/${VIDEO_ID}`);
    expect(src).not.toContain('autoplay');
    // Only the features playback needs are delegated to the player.
    const allow = (await frame.getAttribute('allow')) ?? '';
    expect(allow.split(';').map((f) => f.trim())).toEqual([
      'encrypted-media',
      'picture-in-picture',
      'fullscreen',
    ]);
    expect(context.pages()).toHaveLength(1);
    await card.getByRole('button', { name: 'Close video' }).click();
    await expect.poll(() => card.locator('iframe').count()).toBe(0);
    await card.getByRole('button', { name: 'Play video' }).waitFor();
    await context.close();
  });

  it('fits the dashboard into 375 px, light and dark, with the filters folded', async () => {
    const { context, page } = await openDashboard(MOBILE);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(
      page.getByPlaceholder('Search headlines and content...').isVisible(),
    ).resolves.toBe(false);
    await e2e.screenshot(page, 'feed-dashboard-mobile-light');
    await reloadDark(page);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByPlaceholder('Search headlines and content...').waitFor();
    await e2e.screenshot(page, 'feed-dashboard-mobile-dark');
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'feed-dashboard-mobile-dark-viewport.png'),
    });
    await context.close();
  });

  it('lists launches soonest first on the launch schedule page, from the server’s launch job', async () => {
    // The server's launch job ran; its source is unreachable here, so the run failed.
    const outcome = await e2e.server.ctx.jobs.run('launch-schedule');
    expect(outcome.status).toBe('error');
    const sortLabels: Array<string | null> = [];
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await e2e.newPage(viewport);
      await signInContext(context, user);
      const fetches: string[] = [];
      const lists: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/_api/news/fetch')) fetches.push(r.url());
        if (r.url().includes('/_api/news/list')) lists.push(r.url());
      });
      await page.goto('/rocket-launches');
      await page.getByRole('heading', { name: 'Launch Schedule', level: 1 }).waitFor();
      await rows(page).first().waitFor();
      const titles = await rows(page).locator('h3').allTextContents();
      expect(titles).toEqual(LAUNCHES);
      await expect(rows(page).first().getByText('Go for Launch').isVisible()).resolves.toBe(true);
      await expect
        .poll(() => page.getByRole('link', { name: /The Space Devs/ }).getAttribute('href'), {
          timeout: 5000,
        })
        .toBe('https://thespacedevs.com/llapi');
      // Not "Last updated … with 0 new items": the status line names the failed fetch.
      await page
        .getByTestId('rocket-status')
        .filter({ hasText: 'Data automatically refreshes every 4.8 hours.' })
        .waitFor();
      await page
        .getByTestId('rocket-status-error')
        .filter({ hasText: /^Last fetch failed/ })
        .waitFor();
      // Ascending order: the sort says so (the sidebar's select; folded away at 375 px).
      if (viewport === DESKTOP)
        sortLabels.push(await page.getByLabel('Sort by').locator('option:checked').textContent());
      await page.waitForTimeout(500);
      expect(fetches).toEqual([]); // the browser starts no fetch
      expect(lists).toHaveLength(1); // the list is requested once on load
      await e2e.screenshot(page, `feed-rocket-${viewport === MOBILE ? 'mobile' : 'desktop'}`);
      await context.close();
    }
    expect(sortLabels).toEqual(['Earliest']);
  });

  it('shows only reddit posts on the Reddit page', async () => {
    const { context, page } = await e2e.newPage();
    await signInContext(context, user);
    await page.goto('/reddit-feeds');
    await page.getByRole('heading', { name: 'Reddit Feed', level: 1 }).waitFor();
    await rows(page).first().waitFor();
    await expect
      .poll(() => rows(page).locator('h3').allTextContents(), { timeout: 5000 })
      .toEqual([REDDIT_TITLE]);
    await expect(page.getByRole('button', { name: 'Refresh Feed' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByText(user.email).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('fits the Reddit page into 375 px when the name and e-mail in its user card are long and unbroken', async () => {
    const longUser = await createUser(e2e.server, {
      displayName: `Maximiliana${'x'.repeat(60)}`,
      email: `a-very-very-long-address-for-the-layout-${'y'.repeat(40)}@observatory.example.test`,
    });
    const { context, page } = await e2e.newPage(MOBILE);
    await signInContext(context, longUser);
    await page.goto('/reddit-feeds');
    await rows(page).first().waitFor();
    await page.getByText(longUser.email).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('keeps the Reddit page to reddit posts through Clear Filters and with no source chosen', async () => {
    const { context, page } = await e2e.newPage();
    await signInContext(context, user);
    await page.goto('/reddit-feeds');
    await rows(page).first().waitFor();
    // The page's own sources are not a filter the user chose.
    expect(await page.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);
    await page.getByLabel('Type').selectOption('image');
    await page.getByText('No News Found').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect
      .poll(() => rows(page).locator('h3').allTextContents(), { timeout: 5000 })
      .toEqual([REDDIT_TITLE]);
    await expect
      .poll(() => page.getByRole('button', { name: 'Clear Filters' }).count(), { timeout: 5000 })
      .toBe(0);
    // Switching off the only reddit source still shows reddit posts, not every kind.
    await page.getByRole('button', { name: 'r/space', pressed: true }).click();
    await page.getByRole('button', { name: 'r/space', pressed: false }).waitFor();
    await page.waitForTimeout(500);
    await expect
      .poll(() => rows(page).locator('h3').allTextContents(), { timeout: 5000 })
      .toEqual([REDDIT_TITLE]);
    await context.close();
  });
});

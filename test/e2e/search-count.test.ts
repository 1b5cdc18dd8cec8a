// A search with more matches than the server counts (issue 31): the feed says
// "12+ results" (SEARCH_COUNT_LIMIT=12 here, 1,000 by default), or more as pages
// load ("21+"), keeps loading
// pages as the user scrolls, and says the exact number once it reaches the end.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { createItems, createSource, createUser, type TestUser } from '../helpers/factories';
import { describeE2E, SCREENSHOT_DIR, useE2E } from './browser';

/** The viewport only: the feed below it is virtualised and still loading. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 812 };

const MATCHES = 64;

describeE2E('a search past the count limit', () => {
  const e2e = useE2E({ env: { SEARCH_COUNT_LIMIT: '12' } });
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser(e2e.server, { displayName: 'Vera Rubin' });
    const source = await createSource(e2e.server, { name: 'Deep Sky Desk', userId: null });
    const now = Date.now();
    await createItems(
      e2e.server,
      source,
      Array.from({ length: MATCHES + 5 }, (_, i) => ({
        title: i < MATCHES ? `Nebula survey ${i + 1}` : `Comet watch ${i + 1}`,
        summary_text: i < MATCHES ? 'A new image of a nebula.' : 'A comet returns.',
        published_at: now - i * 60_000,
      })),
    );
  });

  it('says "12+ results" or more, then the exact count once the scroll reaches the end', async () => {
    const { context, page } = await e2e.newPage(DESKTOP);
    const login = await context.request.post('/_api/auth/login_with_password', {
      data: { email: user.email, password: user.password },
    });
    expect(login.status()).toBe(200);
    await page.goto('/');
    await page.getByPlaceholder('Search headlines and content...').fill('nebul');
    const count = page.getByTestId('search-result-count');
    // 12 counted, or more once the next pages load to fill the screen: still "at least".
    await expect.poll(() => count.textContent(), { timeout: 10_000 }).toMatch(/^\d+\+ results$/);
    await expect(page.getByRole('status').filter({ hasText: '+ results' }).count()).resolves.toBe(
      1,
    );
    await shot(page, 'search-count-bounded-desktop');
    await page.setViewportSize(MOBILE);
    await shot(page, 'search-count-bounded-mobile');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'search-count-bounded-mobile-dark');
    await page.setViewportSize(DESKTOP);
    await page.emulateMedia({ colorScheme: 'light' });
    // Scrolling loads the next pages; the last one knows the total.
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 4000);
          return count.textContent();
        },
        { timeout: 20_000 },
      )
      .toBe(`${MATCHES} results`);
    const end = page.getByText("You've reached the end of the feed.");
    await end.scrollIntoViewIfNeeded();
    await end.waitFor();
    await expect(page.getByTestId('news-card').filter({ hasText: 'Comet' }).count()).resolves.toBe(
      0,
    );
    await shot(page, 'search-count-exact-desktop');
    await context.close();
  });
});

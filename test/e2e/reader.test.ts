// Reading with the keyboard only (issue 25): walk 20 stories with `j` (the
// second page loads on the way and the focus stays put), mark one read with `m`,
// save one with `s`, go to Saved with `g s`, open the `?` help and close it with
// Esc; no shortcut fires while typing; My Account switches them off.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { NewsListResponse } from '../../src/shared/types';
import { createUser, type TestUser } from '../helpers/factories';
import { seedFeed } from '../helpers/seed-feed';
import { describeE2E, DESKTOP, MOBILE, SCREENSHOT_DIR, useE2E } from './browser';

async function signIn(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

/** The id of the story holding the focus, else null. */
const focusedStory = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.itemId ?? null);

/** Ids the list call answers for a query (the signed-in user's state). */
async function listIds(page: Page, query: string) {
  const res = await page.request.get(`/_api/news/list?pageSize=50&${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as NewsListResponse).items.map((i) => i.id);
}

/** What the screen shows (not the whole page). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

describeE2E('reading with the keyboard', () => {
  const e2e = useE2E();
  let user: TestUser;

  beforeAll(async () => {
    await seedFeed(e2e.server.db, { sources: 3, perSource: 10 });
    user = await createUser(e2e.server, { displayName: 'Annie Cannon' });
  });

  async function openDashboard(viewport = DESKTOP) {
    const { context, page } = await e2e.newPage(viewport);
    await signIn(context, user);
    await page.goto('/');
    await page.getByTestId('news-card').first().waitFor();
    return { context, page };
  }

  it('reads with the keyboard only (walk 20 stories with j, mark read, save, open help)', async () => {
    const { context, page } = await openDashboard();
    const order = await listIds(page, 'sortBy=publishedAt&sortOrder=desc');
    expect(order.length).toBe(30);

    // Twenty stories down: the feed holds ten a page, so `j` loads the second on the way.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('j');
      await expect.poll(() => focusedStory(page)).toBe(order[i]);
    }
    const focused = page.locator(`[data-item-id="${order[19]}"]`);
    expect(await focused.evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true);
    // A visible focus ring (the ring is a box shadow).
    expect(await focused.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await shot(page, 'reader-keyboard-focus');

    // `k` goes back one, `m` marks read: dimmed, and read on the server.
    await page.keyboard.press('k');
    await expect.poll(() => focusedStory(page)).toBe(order[18]);
    await page.keyboard.press('m');
    const read = page.locator(`[data-item-id="${order[18]}"]`);
    await expect.poll(() => read.getAttribute('data-read')).toBe('true');
    await expect.poll(() => listIds(page, 'status=read')).toContain(order[18]);
    // `m` again: unread again.
    await page.keyboard.press('m');
    await expect.poll(() => read.getAttribute('data-read')).toBe(null);
    await expect.poll(() => listIds(page, 'status=read')).not.toContain(order[18]);
    await page.keyboard.press('m');
    await expect.poll(() => listIds(page, 'status=read')).toContain(order[18]);

    // `s` saves the focused story: its Save button is pressed, and the server has it.
    await page.keyboard.press('s');
    await expect
      .poll(() => read.getByRole('button', { name: 'Save' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => listIds(page, 'saved=true')).toEqual([order[18]]);

    // `g s`: the Saved view lists only it; `g a` goes back to everything.
    await page.keyboard.press('g');
    await page.keyboard.press('s');
    await expect
      .poll(() => page.getByRole('button', { name: 'Saved', pressed: true }).count())
      .toBe(1);
    await expect.poll(() => page.getByTestId('news-card').count()).toBe(1);
    await shot(page, 'reader-saved-view');
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await expect.poll(() => page.getByTestId('news-card').count()).toBeGreaterThan(1);
    // The list view dims a read row the same way.
    await page.getByRole('button', { name: 'List View' }).click();
    await page
      .locator(`[data-testid="news-row"][data-item-id="${order[18]}"]`)
      .scrollIntoViewIfNeeded();
    await shot(page, 'reader-list-desktop');
    await page.getByRole('button', { name: 'Card View' }).click();

    // `?` opens the help, Esc closes it.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.getByText('Next story').isVisible()).toBe(true);
    await shot(page, 'reader-help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    // The reading bar (with Card / List View) is one tab stop, the shown view; the arrow
    // keys, Home and End move inside it, and Enter presses.
    const bar = page.getByRole('toolbar', { name: 'Reading' });
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('aria-label') ?? el?.textContent?.trim();
      });
    expect(await bar.locator('button[tabindex="0"]').allTextContents()).toEqual(['All']);
    await bar.getByRole('button', { name: 'All', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(focusedName).toMatch(/^Unread/);
    await page.keyboard.press('Enter');
    await bar.getByRole('button', { name: /^Unread/, pressed: true }).waitFor();
    await page.keyboard.press('End');
    await expect.poll(focusedName).toBe('List View');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'List View', pressed: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(focusedName).toBe('Card View');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Card View', pressed: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(focusedName).toBe('Mark all as read');
    await page.keyboard.press('Home');
    await expect.poll(focusedName).toBe('All');
    await page.keyboard.press('Enter');
    await bar.getByRole('button', { name: 'All', exact: true, pressed: true }).waitFor();

    // Typing in the search box is typing, not shortcuts.
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('jjk?');
    expect(await search.inputValue()).toBe('jjk?');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('keeps a story read during the visit in the Unread view, dimmed, until reload', async () => {
    const { context, page } = await openDashboard(MOBILE);
    await page.getByRole('button', { name: /^Unread/ }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /^Unread/, pressed: true }).count())
      .toBe(1);
    const id = await page.getByTestId('news-card').first().getAttribute('data-item-id');
    const first = page.locator(`[data-item-id="${id}"]`);
    await page.keyboard.press('j');
    await expect.poll(() => focusedStory(page)).toBe(id);
    await page.keyboard.press('m');
    await expect.poll(() => first.getAttribute('data-read')).toBe('true');
    await expect.poll(() => listIds(page, 'status=unread')).not.toContain(id);
    // Still listed, dimmed, though the server no longer counts it unread.
    expect(await first.count()).toBe(1);
    await shot(page, 'reader-unread-phone');
    await page.reload();
    await page.getByRole('button', { name: /^Unread/ }).click();
    await page.getByTestId('news-card').first().waitFor();
    expect(await page.locator(`[data-item-id="${id}"]`).count()).toBe(0);

    // Mark all as read, then Undo: the unread count goes to nothing and comes back.
    const before = (await listIds(page, 'status=unread')).length;
    expect(before).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    await expect.poll(() => listIds(page, 'status=unread')).toEqual([]);
    await expect
      .poll(() => page.getByTestId('news-card').first().getAttribute('data-read'))
      .toBe('true');
    await shot(page, 'reader-mark-all-phone');
    await undo.click();
    await expect.poll(async () => (await listIds(page, 'status=unread')).length).toBe(before);
    await page.reload();
    await page.getByRole('button', { name: /^Unread/ }).click();
    await page.getByTestId('news-card').first().waitFor();
    expect(await page.locator(`[data-item-id="${id}"]`).count()).toBe(0);
    await context.close();
  });

  it('reads a story in the app with o, walks on with j and k, and closes with Esc', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await openDashboard(viewport);
      const order = await listIds(page, 'sortBy=publishedAt&sortOrder=desc');
      // Unread to begin with (the first pass read it), so opening it can be seen to read it.
      await page.request.post('/_api/news/mark-read', {
        data: { itemIds: [order[0]], read: false },
      });
      expect(await listIds(page, 'status=unread')).toContain(order[0]);
      await page.reload();
      await page.getByTestId('news-card').first().waitFor();
      await page.keyboard.press('j');
      await expect.poll(() => focusedStory(page)).toBe(order[0]);
      await page.keyboard.press('o');
      const reader = page.getByTestId('story-reader');
      await reader.waitFor();
      const title = (id: string) =>
        page
          .locator(`[data-item-id="${id}"] h3, [data-item-id="${id}"] [id^="news-title"]`)
          .first();
      await expect
        .poll(() => reader.getByRole('heading').first().textContent())
        .toBe(await title(order[0]).textContent());
      // The story's own text, and opening it read it (the default policy).
      expect((await reader.locator('.story-body').textContent())?.length).toBeGreaterThan(20);
      await expect.poll(() => listIds(page, 'status=read')).toContain(order[0]);
      await shot(page, viewport === DESKTOP ? 'reader-story-desktop' : 'reader-story-phone');
      // j and k walk the feed inside the reader.
      await page.keyboard.press('j');
      await expect
        .poll(() => reader.getByRole('heading').first().textContent())
        .toBe(await title(order[1]).textContent());
      await page.keyboard.press('k');
      await expect
        .poll(() => reader.getByRole('heading').first().textContent())
        .toBe(await title(order[0]).textContent());
      // Esc closes it, back on the story in the feed.
      await page.keyboard.press('Escape');
      await reader.waitFor({ state: 'detached' });
      await expect.poll(() => focusedStory(page)).toBe(order[0]);
      await context.close();
    }
  });

  it('marks as read only what the search shows, with Undo', async () => {
    const { context, page } = await openDashboard();
    const all = await listIds(page, 'status=unread');
    const matching = await listIds(page, 'status=unread&searchTerm=Orbit');
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(all.length);
    await page.getByLabel('Search').fill('Orbit');
    // The feed shows the first page of them; the call marks them all.
    await expect
      .poll(() => page.getByTestId('news-card').count())
      .toBe(Math.min(10, matching.length));
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    await expect.poll(() => listIds(page, 'status=unread&searchTerm=Orbit')).toEqual([]);
    // The rest of the feed is untouched.
    expect((await listIds(page, 'status=unread')).toSorted()).toEqual(
      all.filter((id) => !matching.includes(id)).toSorted(),
    );
    await undo.click();
    await expect.poll(async () => (await listIds(page, 'status=unread')).length).toBe(all.length);
    await context.close();
  });

  it('creates, copies and revokes a private feed on My Account', async () => {
    const { context, page } = await openDashboard(MOBILE);
    await page.goto('/account');
    await page.getByLabel('New feed of').selectOption('saved');
    await page.getByRole('button', { name: 'Create feed URL' }).click();
    const url = await page.getByLabel('New feed URL').inputValue();
    expect(url).toMatch(/^http:\/\/.+\/feeds\//);
    // A feed reader needs no cookie.
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('<feed');
    await page.getByRole('button', { name: 'Copy', exact: true }).scrollIntoViewIfNeeded();
    await shot(page, 'reader-private-feeds-phone');
    await page.getByRole('button', { name: 'Revoke My Saved stories feed' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.getByText('No private feeds yet.').count()).toBe(1);
    expect((await fetch(url)).status).toBe(404);
    await context.close();
  });

  it('switches the shortcuts off on My Account', async () => {
    const { context, page } = await openDashboard();
    await page.goto('/account');
    const toggle = page.getByRole('switch', { name: 'Keyboard shortcuts' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await shot(page, 'reader-account');
    await page.goto('/');
    await page.getByTestId('news-card').first().waitFor();
    await page.keyboard.press('j');
    await page.keyboard.press('?');
    // Nothing moved: the key is the browser's again. Checked after a round trip to the page.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    expect(await focusedStory(page)).toBe(null);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});

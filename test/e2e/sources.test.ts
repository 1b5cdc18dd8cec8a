// Browser journeys for sources: the Sources tab (add with the feed title
// auto-filled from the fixture server, first fetch, edit, delete, default-source
// switch) and the admin panel's Default Sources section.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NewsListResponse } from '../../src/shared/types';
import { dialects } from '../helpers/database';
import {
  createAdmin,
  createItem,
  createSource,
  createUser,
  type TestUser,
} from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { describeE2E, MOBILE, useE2E, type E2E } from './browser';

const NASA_TITLE = 'NASA Breaking News';
const NASA_STORY = 'NASA’s Webb Telescope Reaches Major Milestone as Mirror Unfolds';
const DEFAULT_NAME = 'Hubble Default Feed';
const DEFAULT_STORY = 'Hubble default story: a galaxy cluster in deep field';

/** A default (system) source with two stored items, inserted straight into the database. */
async function insertDefaultSource(
  e2e: E2E,
  name: string,
  url: string,
  story: string,
): Promise<number> {
  const now = Date.now();
  const sourceId = await createSource(e2e.server, {
    name,
    url,
    last_fetched_at: now,
    last_status: 'ok',
  });
  for (const [i, title] of [story, `${story} (part two)`].entries()) {
    await createItem(e2e.server, sourceId, {
      dedupe_key: `${url}#${i}`,
      url: `${url}/story-${i}`,
      title,
      summary: `<p>${title}</p>`,
      summary_text: title,
      published_at: Date.UTC(2015, 0, 1) - i * 60_000, // older than every NASA story
      fetched_at: now,
      updated_at: now,
    });
  }
  return sourceId;
}

/** Signs the browser context in through the real login call (cookies land in the context). */
async function signInContext(context: BrowserContext, user: TestUser) {
  const res = await context.request.post('/_api/auth/login_with_password', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status()).toBe(200);
}

async function feedTitles(page: Page): Promise<string[]> {
  const res = await page.request.get('/_api/news/list?pageSize=100');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as NewsListResponse;
  return body.items.map((i) => i.title);
}

/** Opens the dashboard's News Feed tab (fresh page load) and waits for a headline. */
async function feedShows(page: Page, title: string) {
  await page.goto('/');
  await page.getByRole('tab', { name: 'News Feed' }).click();
  await page.getByText(title).first().waitFor();
}

async function openSourcesTab(page: Page, reload = true) {
  if (reload) await page.goto('/');
  await page.getByRole('tab', { name: 'Sources' }).click();
  await page.getByRole('heading', { name: 'Personal Sources' }).waitFor();
}

/** A new user, signed in, on the Sources tab with the add form open. */
async function openAddForm(e2e: E2E) {
  const user = await createUser(e2e.server);
  const { context, page } = await e2e.newPage();
  await signInContext(context, user);
  await openSourcesTab(page);
  await page.getByRole('button', { name: 'Add Source' }).click();
  return { user, context, page, form: page.getByRole('form', { name: 'Add source' }) };
}

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

describeE2E.each(dialects)('sources in the browser (%s)', (dialect) => {
  const e2e = useE2E({ dialect });
  let fixtures: FixtureServer;
  let feedUrl = '';

  beforeAll(async () => {
    fixtures = await FixtureServer.start();
    fixtures.route('/feeds/nasa.rss', { file: 'rss2-nasa-breaking-news-legacy.xml' });
    fixtures.route('/feeds/broken.rss', { status: 500, body: 'upstream exploded' });
    fixtures.route('/feeds/slow.rss', {
      file: 'rss2-nasa-breaking-news-legacy.xml',
      delayMs: 1200,
    });
    feedUrl = `${fixtures.url}/feeds/nasa.rss`;
    await insertDefaultSource(e2e, DEFAULT_NAME, `${fixtures.url}/feeds/hubble.rss`, DEFAULT_STORY);
  });
  afterAll(async () => {
    await fixtures?.close();
  });

  it('adds an rss source with its name auto-filled, fetches it, switches a default off, edits and deletes', async () => {
    const user = await createUser(e2e.server);
    const { context, page } = await e2e.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInContext(context, user);
    await feedShows(page, DEFAULT_STORY);
    await openSourcesTab(page, false);

    await expect(
      page.getByText('No personal sources added yet. Add your first source above.').isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('heading', { name: 'Default Sources' }).waitFor();
    await page
      .getByText('System-provided news sources. Use the toggle to enable or disable.')
      .waitFor();
    const defaultSwitch = page.getByRole('switch', { name: DEFAULT_NAME });
    await expect
      .poll(() => defaultSwitch.getAttribute('aria-checked'), { timeout: 5000 })
      .toBe('true');
    await expect.poll(() => feedTitles(page), { timeout: 5000 }).toContain(DEFAULT_STORY);

    // Add: the rss name is extracted from the feed (on the server) and auto-filled.
    await page.getByRole('button', { name: 'Add Source' }).click();
    const form = page.getByRole('form', { name: 'Add source' });
    const save = form.getByRole('button', { name: 'Save Source' });
    await expect.poll(() => save.isDisabled(), { timeout: 5000 }).toBe(true);
    await form.getByLabel('URL').fill(feedUrl);
    await form.getByText('Auto-filled').waitFor();
    await expect
      .poll(() => form.getByLabel('Source name').inputValue(), { timeout: 5000 })
      .toBe(NASA_TITLE);
    await expect.poll(() => save.isEnabled(), { timeout: 5000 }).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await e2e.screenshot(page, `sources-add-autofilled-${dialect}`);

    // Changing the type resets the auto-fill and clears the name for non-rss types.
    await form.getByRole('tab', { name: 'YouTube' }).click();
    await expect
      .poll(() => form.getByLabel('Source name').inputValue(), { timeout: 5000 })
      .toBe('');
    await expect.poll(() => form.getByText('Auto-filled').count(), { timeout: 5000 }).toBe(0);
    await expect.poll(() => save.isDisabled(), { timeout: 5000 }).toBe(true);
    await form.getByRole('tab', { name: 'RSS' }).click();
    await form.getByLabel('URL').fill(`${feedUrl}?again=1`);
    await form.getByLabel('URL').fill(feedUrl);
    await form.getByText('Auto-filled').waitFor();

    await save.click();
    await toast(page, `Fetching latest news from "${NASA_TITLE}"...`).waitFor();
    await toast(page, `Source "${NASA_TITLE}" added successfully!`).waitFor();
    await page.getByRole('button', { name: 'Add Source' }).waitFor(); // the popover closed
    const personal = page.getByRole('list', { name: 'Personal sources' });
    await personal.getByText(NASA_TITLE).waitFor();
    await personal.getByText('10 items').waitFor();
    await personal.getByText(/Last fetched .* ago/).waitFor();
    const titles = await feedTitles(page);
    expect(titles).toContain(NASA_STORY);
    expect(titles).toContain(DEFAULT_STORY);
    await e2e.screenshot(page, `sources-after-add-${dialect}`);
    await feedShows(page, NASA_STORY);
    await e2e.screenshot(page, `sources-feed-with-new-source-${dialect}`);
    await openSourcesTab(page, false);

    // Switch the default source off: its items leave the feed.
    await defaultSwitch.click();
    await toast(page, 'Source preference updated successfully.').waitFor();
    await expect.poll(() => defaultSwitch.getAttribute('aria-checked')).toBe('false');
    const afterToggle = await feedTitles(page);
    expect(afterToggle).not.toContain(DEFAULT_STORY);
    expect(afterToggle).toContain(NASA_STORY);
    await feedShows(page, NASA_STORY);
    await page.getByText("You've reached the end of the feed.").waitFor();
    await expect.poll(() => page.getByText(DEFAULT_STORY).count(), { timeout: 5000 }).toBe(0);
    await openSourcesTab(page, false);

    // Edit: one row at a time, delete disabled meanwhile; the type dropdown lists all seven types.
    await page.getByRole('button', { name: `Edit ${NASA_TITLE}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${NASA_TITLE}` });
    await expect
      .poll(() => edit.getByLabel('Type').locator('option').count(), { timeout: 5000 })
      .toBe(7);
    await expect
      .poll(() => page.getByRole('button', { name: 'Add Source' }).isEnabled(), { timeout: 5000 })
      .toBe(true);
    await edit.getByLabel('Name').fill('');
    await expect
      .poll(() => edit.getByRole('button', { name: 'Save changes' }).isDisabled(), {
        timeout: 5000,
      })
      .toBe(true);
    await edit.getByLabel('Name').fill('NASA News');
    await e2e.screenshot(page, `sources-editing-${dialect}`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Source "NASA News" updated successfully!').waitFor();
    await personal.getByText('NASA News', { exact: true }).waitFor();

    // Delete asks first; Cancel keeps the source, Delete removes it.
    await page.getByRole('button', { name: 'Delete NASA News' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete "NASA News"?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await personal.getByText('NASA News', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete NASA News' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'News source deleted successfully!').waitFor();
    await page.getByText('No personal sources added yet. Add your first source above.').waitFor();
    await expect.poll(() => feedTitles(page), { timeout: 5000 }).not.toContain(NASA_STORY);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hand-typed names switch auto-fill off; a failing first fetch warns and shows the error on the row', async () => {
    const { context, page, form } = await openAddForm(e2e);
    await form.getByLabel('Source name').fill('My own name');
    await form.getByLabel('URL').fill(feedUrl);
    await form.getByLabel('URL').blur();
    await page.waitForTimeout(900); // past the 500 ms extraction delay
    await expect
      .poll(() => form.getByLabel('Source name').inputValue(), { timeout: 5000 })
      .toBe('My own name');
    await expect.poll(() => form.getByText('Auto-filled').count(), { timeout: 5000 }).toBe(0);

    await form.getByLabel('URL').fill(`${fixtures.url}/feeds/broken.rss`);
    await form.getByRole('button', { name: 'Save Source' }).click();
    await toast(page, 'Fetching latest news from "My own name"...').waitFor();
    await toast(page, 'Source "My own name" was added, but the first fetch failed').waitFor();
    const row = page
      .getByRole('list', { name: 'Personal sources' })
      .getByRole('listitem')
      .filter({ hasText: 'My own name' });
    await row.getByText('Last error:').waitFor();
    await e2e.screenshot(page, `sources-fetch-error-${dialect}`);
    await context.close();
  });

  it('shows the extraction progress, the load error, and the sign-in hint when the session is gone', async () => {
    const { user, context, page, form } = await openAddForm(e2e);
    await form.getByLabel('URL').fill(`${fixtures.url}/feeds/slow.rss`);
    await form.getByText('Extracting feed name...').waitFor();
    await form.getByText('Auto-filled').waitFor();

    // The session ends (signed out elsewhere): saving gives the sign-in hint.
    expect((await context.request.post('/_api/auth/logout', { data: {} })).status()).toBeLessThan(
      300,
    );
    await form.getByRole('button', { name: 'Save Source' }).click();
    await toast(page, 'Please sign in again or refresh the page.').waitFor();

    // The sources list cannot be loaded.
    await signInContext(context, user);
    await page.route('**/_api/news/sources', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"down","message":"down"}',
      }),
    );
    await openSourcesTab(page);
    await page
      .getByText('Failed to load news sources. Please try again.')
      .waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('imports OPML with a report (imported, skipped, rejected) and exports it again', async () => {
    const user = await createUser(e2e.server);
    const { context, page } = await e2e.newPage();
    await signInContext(context, user);
    await openSourcesTab(page);
    const opml = `<?xml version="1.0"?>
<opml version="2.0"><head><title>mine</title></head><body>
  <outline text="Space feed" type="rss" xmlUrl="${feedUrl}"/>
  <outline text="Space feed again" type="rss" xmlUrl="${feedUrl}"/>
  <outline text="Broken" type="rss" xmlUrl="not a url"/>
</body></opml>`;
    await page
      .getByTestId('opml-file')
      .setInputFiles({ name: 'feeds.opml', mimeType: 'text/x-opml', buffer: Buffer.from(opml) });
    const dialog = page.getByRole('dialog', { name: 'OPML import' });
    await dialog.getByText('1 imported, 1 skipped, 1 rejected.').waitFor();
    await dialog.getByRole('region', { name: 'Imported' }).getByText('Space feed').waitFor();
    await dialog.getByRole('region', { name: 'Rejected' }).getByText('Broken').waitFor();
    await e2e.screenshot(page, `sources-opml-report-${dialect}`);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('list', { name: 'Personal sources' }).getByText('Space feed').waitFor();

    const href = await page.getByRole('link', { name: 'Export OPML' }).getAttribute('href');
    const exported = await page.request.get(href!);
    expect(exported.status()).toBe(200);
    const text = await exported.text();
    expect(text).toContain('<opml');
    expect(text).toContain('Space feed');
    await context.close();
  });

  it('admin panel: adds, edits and removes default sources', async () => {
    const admin = await createAdmin(e2e.server);
    const { context, page } = await e2e.newPage();
    await signInContext(context, admin);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await page.getByRole('heading', { name: 'Manage Default Sources' }).waitFor();
    const list = page.getByRole('list', { name: 'Default sources' });
    await list.getByText(DEFAULT_NAME).waitFor();

    await page.getByRole('button', { name: 'Add Default Source' }).click();
    const form = page.getByRole('form', { name: 'Add source' });
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    const url = form.getByLabel('URL');
    for (const [tab, placeholder] of [
      ['YouTube', 'YouTube channel URL'],
      ['Reddit', 'Reddit subreddit URL'],
      ['Bluesky', 'Bluesky profile URL'],
      ['Google News', 'Google News search URL'],
      ['Rocket Launch', 'Source URL'],
      ['Custom', 'Custom source URL'],
      ['RSS', 'RSS feed URL'],
    ] as const) {
      await form.getByRole('tab', { name: tab }).click();
      await expect.poll(() => url.getAttribute('placeholder'), { timeout: 5000 }).toBe(placeholder);
    }
    await url.fill(feedUrl);
    await url.blur();
    await form.getByText('Auto-filled').waitFor();
    await expect
      .poll(() => form.getByLabel('Source name').inputValue(), { timeout: 5000 })
      .toBe(NASA_TITLE);
    await e2e.screenshot(page, `admin-default-sources-form-${dialect}`);
    await form.getByRole('button', { name: 'Save Source' }).click();
    await toast(page, 'Default source added successfully.').waitFor();
    await list.getByText(NASA_TITLE).waitFor();
    // A successful save closes the form.
    await form.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add Default Source' }).waitFor();
    // Sorted by name.
    const names = async () =>
      (await list.getByRole('listitem').locator('span.font-medium').allTextContents()).map((s) =>
        s.trim(),
      );
    await expect.poll(() => names(), { timeout: 5000 }).toEqual([DEFAULT_NAME, NASA_TITLE]);

    // Inline edit: other edits and removals are disabled meanwhile.
    await page.getByRole('button', { name: `Edit ${NASA_TITLE}` }).click();
    await expect
      .poll(() => page.getByRole('button', { name: `Remove ${DEFAULT_NAME}` }).isDisabled(), {
        timeout: 5000,
      })
      .toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: `Edit ${DEFAULT_NAME}` }).isDisabled(), {
        timeout: 5000,
      })
      .toBe(true);
    const edit = page.getByRole('form', { name: `Edit ${NASA_TITLE}` });
    await edit.getByLabel('Name').fill('Astro Default');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Default source updated successfully.').waitFor();
    await expect.poll(names).toEqual(['Astro Default', DEFAULT_NAME]);

    await page.getByRole('button', { name: 'Remove Astro Default' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove "Astro Default"?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await toast(page, 'Default source deleted successfully.').waitFor();
    await expect.poll(names).toEqual([DEFAULT_NAME]);
    await e2e.screenshot(page, `admin-default-sources-${dialect}`);
    await context.close();
  });

  it("leaving an inline edit (Escape or Cancel) puts focus back on the row's Edit button", async () => {
    const admin = await createAdmin(e2e.server);
    const { context, page } = await e2e.newPage();
    await signInContext(context, admin);
    await page.goto('/admin');
    const editButton = page.getByRole('button', { name: `Edit ${DEFAULT_NAME}` });
    const edit = page.getByRole('form', { name: `Edit ${DEFAULT_NAME}` });
    const editButtonFocused = () => editButton.evaluate((el) => el === document.activeElement);
    await editButton.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => edit.getByLabel('Name').evaluate((el) => el === document.activeElement), {
        timeout: 5000,
      })
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => edit.count(), { timeout: 5000 }).toBe(0);
    await expect.poll(editButtonFocused, { timeout: 5000 }).toBe(true);

    await page.keyboard.press('Enter');
    await edit.getByRole('button', { name: 'Cancel editing' }).click();
    await expect.poll(() => edit.count(), { timeout: 5000 }).toBe(0);
    await expect.poll(editButtonFocused, { timeout: 5000 }).toBe(true);
    await context.close();
  });

  it('admin page refuses a plain user', async () => {
    const user = await createUser(e2e.server);
    const { context, page } = await e2e.newPage();
    await signInContext(context, user);
    await page.goto('/admin');
    await page.getByText('Access Denied').first().waitFor();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Manage Default Sources' }).count(), {
        timeout: 5000,
      })
      .toBe(0);
    await context.close();
  });

  it('wraps a long unbroken source name at 375 px instead of pushing the row past the screen', async () => {
    const user = await createUser(e2e.server);
    const name = `TheAstronomicalSocietyOfThePacificNewsletter${'Z'.repeat(40)}`;
    const url = `${fixtures.url}/feeds/long-name.rss`;
    const now = Date.now();
    await createSource(e2e.server, {
      name,
      url,
      userId: user.id,
      last_fetched_at: now,
      last_status: 'ok',
    });
    const { context, page } = await e2e.newPage(MOBILE);
    await signInContext(context, user);
    await openSourcesTab(page);
    await page.getByRole('list', { name: 'Personal sources' }).getByText(name).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const edit = await page.getByRole('button', { name: `Edit ${name}` }).boundingBox();
    expect(edit!.x + edit!.width).toBeLessThanOrEqual(MOBILE.width);
    await context.close();
  });

  it('lays out at 375 px', async () => {
    const admin = await createAdmin(e2e.server);
    const { context, page } = await e2e.newPage(MOBILE);
    await signInContext(context, admin);
    await openSourcesTab(page);
    await page.getByRole('button', { name: 'Add Source' }).click();
    await page.getByRole('form', { name: 'Add source' }).getByLabel('URL').fill(feedUrl);
    await page.getByText('Auto-filled').waitFor();
    await e2e.screenshot(page, `sources-mobile-add-${dialect}`);
    await page.getByRole('button', { name: 'Save Source' }).click();
    await page.getByRole('list', { name: 'Personal sources' }).getByText(NASA_TITLE).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await e2e.screenshot(page, `sources-mobile-${dialect}`);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Manage Default Sources' }).waitFor();
    await page.getByRole('button', { name: 'Add Default Source' }).click();
    await e2e.screenshot(page, `admin-default-sources-mobile-${dialect}`);
    await context.close();
  });
});

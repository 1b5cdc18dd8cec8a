// Issue 23 in the browser: feed text cannot make an AI answer load an image or
// carry a link of its own (the local engine escapes it, the chat renders no
// image and marks links external); a user's own news query is theirs alone.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertItem, insertSource } from '../api/ai/seed';
import { createUser, type TestUser } from '../helpers/factories';
import { FixtureServer } from '../helpers/fixture-server';
import { describeE2E, DESKTOP, MOBILE, useE2E } from './browser';

describeE2E('AI answers and briefings are safe and private', () => {
  let tracker: FixtureServer;
  beforeAll(async () => {
    tracker = await FixtureServer.start();
    tracker.route('/pixel.gif', { body: 'GIF89a', type: 'image/gif' });
  });
  afterAll(async () => tracker?.close());
  const e2e = useE2E();
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    alice = await createUser(e2e.server, { displayName: 'Alice' });
    bob = await createUser(e2e.server, { displayName: 'Bob' });
    const pixel = `${tracker.url}/pixel.gif`;
    const source = await insertSource(e2e.server, `Comet Watch ![s](${pixel}?s)`, null);
    await insertItem(e2e.server, source, {
      title: `Comet outburst seen ![t](${pixel}?t)`,
      url: 'https://news.example/comet-outburst',
      text:
        `The comet brightened tenfold overnight ![x](${pixel}?x) according to observers. ` +
        `Read [the chart](https://evil.example/chart) for the comet's path tonight.`,
    });
  });

  async function signedIn(user: TestUser, viewport = DESKTOP) {
    const { context, page } = await e2e.newPage(viewport);
    const res = await context.request.post('/_api/auth/login_with_password', {
      data: { email: user.email, password: user.password },
    });
    expect(res.status()).toBe(200);
    await page.goto('/');
    return { context, page };
  }

  const answer = (page: Page) => page.getByTestId('chat-message-assistant').last();

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`an answer from hostile feed text loads no image and links only the story (${name})`, async () => {
      const { context, page } = await signedIn(alice, viewport);
      await page.getByRole('tab', { name: 'AI Assistant' }).click();
      const input = page.getByPlaceholder('Ask a question about space...');
      await input.fill('comet outburst');
      await input.press('Enter');
      await answer(page).getByText("for the comet's path tonight").waitFor();
      await expect(answer(page).locator('img').count()).resolves.toBe(0);
      const links = answer(page).getByRole('link');
      await expect(links.count()).resolves.toBe(1);
      await expect(links.first().getAttribute('href')).resolves.toBe(
        'https://news.example/comet-outburst',
      );
      await expect(links.first().getAttribute('rel')).resolves.toBe('noopener noreferrer nofollow');
      // The Markdown shows as the text it is.
      await expect(answer(page).textContent()).resolves.toContain('[the chart]');
      await e2e.screenshot(page, `ai-answer-hostile-feed-${name}`);
      expect(tracker.hits('/pixel.gif')).toBe(0);
      await context.close();
    });
  }

  it('a briefing for a user’s own query shows in their feed and sources only', async () => {
    const a = await signedIn(alice, MOBILE);
    const res = await a.context.request.post('/_api/news/query', {
      data: { query: 'comet outburst' },
    });
    expect(res.status()).toBe(200);
    await a.page.reload();
    await a.page.getByRole('heading', { name: 'comet outburst', exact: true }).first().waitFor();
    await a.page.getByRole('tab', { name: 'Sources' }).click();
    const row = a.page.getByRole('listitem').filter({ hasText: 'My AI Briefings' });
    await row.getByText('Briefings for your own news queries, visible to you only').waitFor();
    // Written by AstroDash: deletable, not editable.
    await expect(
      row.getByRole('button', { name: 'Edit My AI Briefings' }).isVisible(),
    ).resolves.toBe(false);
    await expect(
      row.getByRole('button', { name: 'Delete My AI Briefings' }).isVisible(),
    ).resolves.toBe(true);
    await e2e.screenshot(a.page, 'ai-own-briefings-source-mobile');
    await a.context.close();

    const b = await signedIn(bob);
    await b.page.getByText('Comet outburst seen').first().waitFor();
    await expect(
      b.page.getByRole('heading', { name: 'comet outburst', exact: true }).count(),
    ).resolves.toBe(0);
    await b.page.getByRole('tab', { name: 'Sources' }).click();
    await b.page.getByRole('heading', { name: 'Default Sources' }).waitFor();
    await expect(b.page.getByText('My AI Briefings').count()).resolves.toBe(0);
    await b.context.close();
  });
});

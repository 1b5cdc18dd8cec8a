// Browser journeys for the AI Assistant tab and the AI Summary section, against
// a local OpenAI-compatible server that streams like the real one.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ARTEMIS_TEXT, insertItem, insertSource } from '../api/ai/seed';
import { createUser, type TestUser } from '../helpers/factories';
import { FakeOpenAi } from '../helpers/fake-openai';
import { describeE2E, DESKTOP, MOBILE, useE2E } from './browser';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

describeE2E('AI in the browser', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await FakeOpenAi.start();
  });
  afterAll(async () => fake?.close());
  // Registered after the fake starts: useE2E reads the options when its server starts.
  const e2e = useE2E(() => ({
    env: { AI_BASE_URL: fake.url, AI_MODEL: 'fake-model-1', AI_TIMEOUT_MS: '5000' },
  }));
  let user: TestUser;

  beforeAll(async () => {
    user = await createUser(e2e.server, { displayName: 'Nancy Roman' });
    const source = await insertSource(e2e.server, 'Space News', null);
    await insertItem(e2e.server, source, {
      title: 'Artemis II crew rehearses launch day',
      text: ARTEMIS_TEXT,
      content: true,
    });
    await insertItem(e2e.server, source, {
      title: 'Short note without a summary button',
      text: 'Too short to summarise.',
    });
  });
  beforeEach(() => {
    fake.mode = 'answer';
    fake.delayMs = 0;
    fake.requests.length = 0;
  });

  async function openChat(viewport = DESKTOP) {
    const { context, page } = await e2e.newPage(viewport);
    const res = await context.request.post('/_api/auth/login_with_password', {
      data: { email: user.email, password: user.password },
    });
    expect(res.status()).toBe(200);
    await page.goto('/');
    await page.getByRole('tab', { name: 'AI Assistant' }).click();
    // The chat loads when its tab is first opened.
    await page.getByRole('heading', { name: 'Cosmic Chat' }).waitFor();
    return { context, page };
  }

  const answer = (page: Page) => page.getByTestId('chat-message-assistant').last();

  it('asks an example prompt and shows the answer arriving in pieces, as Markdown', async () => {
    fake.pieces = [
      'The **Artemis II** crew ',
      'rehearsed launch day, ',
      'says [NASA](https://www.nasa.gov/artemis).',
    ];
    fake.delayMs = 400;
    const { context, page } = await openChat();
    await expect(page.getByRole('heading', { name: 'Cosmic Chat' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(
      page.getByText('Ask me anything about astronomy and space exploration.').isVisible(),
    ).resolves.toBe(true);
    await e2e.screenshot(page, 'ai-chat-welcome-desktop');
    await page
      .getByRole('button', { name: "What's the latest news on the Artemis program?" })
      .click();

    await expect(page.getByTestId('chat-message-user').textContent()).resolves.toContain(
      "What's the latest news on the Artemis program?",
    );
    const input = page.getByPlaceholder('Ask a question about space...');
    await expect(input.isDisabled()).resolves.toBe(true);

    // Watch the message grow: a partial answer is seen before the whole one.
    const seen = new Set<string>();
    const full = 'The Artemis II crew rehearsed launch day, says NASA';
    for (let i = 0; i < 200; i++) {
      const text = ((await answer(page).textContent()) ?? '').replace('Assistant:', '').trim();
      if (text) seen.add(text);
      if (text.includes('says NASA')) break;
      await page.waitForTimeout(50);
    }
    expect([...seen].some((t) => t.length > 0 && !t.includes('says NASA'))).toBe(true);
    expect([...seen].at(-1)).toContain(full);
    await expect(answer(page).locator('strong').textContent()).resolves.toBe('Artemis II');
    const link = answer(page).getByRole('link', { name: 'NASA' });
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    // A link in an answer is marked external (issue 23), with a cue for screen readers.
    await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer nofollow');
    await expect(link.textContent()).resolves.toBe('NASA (external link, opens in a new tab)');
    await expect.poll(() => input.isDisabled()).toBe(false);
    await e2e.screenshot(page, 'ai-chat-answer-desktop');
    // The conversation survives a trip to another tab.
    await page.getByRole('tab', { name: 'News Feed' }).click();
    await page.getByRole('tab', { name: 'AI Assistant' }).click();
    await expect(answer(page).textContent()).resolves.toContain(full);
    await context.close();
  });

  it('sends with Enter and, on failure, removes the empty answer and says why', async () => {
    fake.mode = 'fail';
    const { context, page } = await openChat(MOBILE);
    const input = page.getByPlaceholder('Ask a question about space...');
    await input.fill('Is Pluto a planet?');
    await input.press('Enter');
    const reason =
      'Failed to get response: The AI model failed: The model `invalid-model-name` does not exist or you do not have access to it.';
    await page.getByRole('alert').filter({ hasText: reason }).waitFor();
    // Said once, above the input: no toast over the Send button.
    await expect(toast(page, reason).count()).resolves.toBe(0);
    await expect(page.getByTestId('chat-message-assistant').count()).resolves.toBe(0);
    await expect(page.getByTestId('chat-message-user').count()).resolves.toBe(1);
    // The question is not lost: it is back in the input, and Retry asks it again.
    await expect.poll(() => input.inputValue()).toBe('Is Pluto a planet?');
    await e2e.screenshot(page, 'ai-chat-error-mobile');
    fake.mode = 'answer';
    fake.pieces = ['Pluto is a dwarf planet.'];
    await page.getByRole('button', { name: 'Retry' }).click();
    await answer(page).getByText('Pluto is a dwarf planet.').waitFor();
    await expect(page.getByTestId('chat-message-user').count()).resolves.toBe(1);
    await expect.poll(() => input.inputValue()).toBe('');
    await expect(page.getByRole('alert').filter({ hasText: reason }).count()).resolves.toBe(0);
    await context.close();
  });

  it('stops a long answer with the Stop button and keeps what arrived', async () => {
    fake.pieces = ['First part of a long answer.', ' Second part.', ' Third part.'];
    fake.delayMs = 3000;
    const { context, page } = await openChat();
    const input = page.getByPlaceholder('Ask a question about space...');
    await input.fill('Tell me everything about Mars.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(async () => answer(page).textContent(), { timeout: 5000 })
      .toContain('First part of a long answer.');
    await page.getByRole('button', { name: 'Stop answering' }).click();
    await expect.poll(() => input.isDisabled()).toBe(false);
    await expect(answer(page).textContent()).resolves.not.toContain('Second part');
    await expect.poll(() => fake.requests[0]?.aborted, { timeout: 5000 }).toBe(true);
    await context.close();
  });

  it('summarises a story on a card once, and only where there is enough text', async () => {
    fake.pieces = ['The Artemis II crew rehearsed launch day at Kennedy.'];
    fake.delayMs = 0;
    const { context, page } = await openChat();
    await page.getByRole('tab', { name: 'News Feed' }).click();
    const card = page.getByTestId('news-card').filter({ hasText: 'Artemis II crew rehearses' });
    const short = page.getByTestId('news-card').filter({ hasText: 'Short note without' });
    await card.waitFor();
    await expect(short.getByRole('button', { name: 'AI Summary' }).count()).resolves.toBe(0);
    const button = card.getByRole('button', { name: 'AI Summary' });
    await button.click();
    await card.getByText('The Artemis II crew rehearsed launch day at Kennedy.').waitFor();
    expect(context.pages()).toHaveLength(1); // the click did not open the story
    await e2e.screenshot(page, 'ai-summary-card-desktop');
    await button.click(); // closes
    await button.click(); // opens again: reused, not asked again
    await card.getByText('The Artemis II crew rehearsed launch day at Kennedy.').waitFor();
    expect(fake.requests.filter((r) => !r.body.stream)).toHaveLength(1);

    // The row of the same story reuses the summary too.
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'List View' }).click();
    const row = page.getByTestId('news-row').filter({ hasText: 'Artemis II crew rehearses' });
    await row.getByRole('button', { name: 'AI Summary' }).click();
    await row.getByText('The Artemis II crew rehearsed launch day at Kennedy.').waitFor();
    expect(fake.requests.filter((r) => !r.body.stream)).toHaveLength(1);
    await e2e.screenshot(page, 'ai-summary-row-mobile');
    await context.close();
  });

  it('after a sign-in, the morning or evening briefing appears in the feed', async () => {
    fake.pieces = ['A quiet day: the Artemis II crew rehearsed launch day.'];
    const { context, page } = await e2e.newPage();
    await page.goto('/');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    const briefing = page
      .getByTestId('news-card')
      .filter({ hasText: /(Morning|Evening) briefing: / });
    await briefing.waitFor({ timeout: 15_000 });
    await expect(briefing.textContent()).resolves.toContain('AI Briefings');
    await expect(briefing.textContent()).resolves.toContain('A quiet day');
    await e2e.screenshot(page, 'ai-briefing-card-desktop');
    // Its source is a default one: switchable, not linked, not "fetched".
    await page.getByRole('tab', { name: 'Sources' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'AI Briefings' });
    await row.getByText('Morning and evening news briefings written by AstroDash').waitFor();
    await expect(row.getByRole('switch', { name: 'AI Briefings' }).isChecked()).resolves.toBe(true);
    await expect(row.getByRole('link').count()).resolves.toBe(0);
    await e2e.screenshot(page, 'ai-briefings-source-desktop');
    await context.close();
  });
});

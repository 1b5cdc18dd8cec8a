// The Alerts page (issue 30), one journey at desktop and phone widths: from the
// header's bell, add channels (a bad ntfy address refused, a test through the
// ntfy stand-in, a webhook's secret shown once, a failing SMTP server, a refused
// push permission), a rule in plain words, quiet hours, the log.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startNtfy,
  startSmtp,
  type HttpReceiver,
  type SmtpStandIn,
} from '../helpers/alert-receivers';
import { createUser, type TestUser } from '../helpers/factories';
import { DESKTOP, describeE2E, MOBILE, useE2E } from './browser';

let ntfy: HttpReceiver;
let smtp: SmtpStandIn;
beforeAll(async () => {
  [ntfy, smtp] = await Promise.all([startNtfy(), startSmtp()]);
});
afterAll(async () => {
  await Promise.all([ntfy?.close(), smtp?.close()]);
});

async function signInAt(page: Page, path: string, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describeE2E('alerts page', () => {
  const e2e = useE2E(() => ({
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'alerts@astro.test' },
  }));

  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const)('sets up channels, a rule and quiet hours (%s)', async (name, viewport) => {
    const user = await createUser(e2e.server, { email: `alerts-${name}@astro.test` });
    const { page, context } = await e2e.newPage(viewport);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInAt(page, '/', user);
    if (name === 'desktop') {
      // The user menu behind the avatar.
      await page.getByRole('banner').getByRole('button', { name: 'My account' }).click();
      await page.getByRole('menuitem', { name: 'Alerts' }).waitFor();
      await e2e.screenshot(page, 'user-menu-desktop');
      await page.getByRole('menuitem', { name: 'Alerts' }).click();
    } else {
      // My Account links to the Alerts too.
      await page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }).click();
      await page.getByRole('link', { name: 'Manage alerts' }).click();
    }
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    await page.getByText('No rules yet.', { exact: false }).waitFor();
    await page.getByText('No alerts yet.', { exact: false }).waitFor();

    // ntfy: a bad address gets the server's words; a good one takes a test.
    await page.getByRole('button', { name: 'Add channel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Phone');
    await dialog.getByLabel('Server').fill('ntfy.sh');
    await dialog.getByLabel('Topic').fill(`astro_${name}`);
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.getByText("Enter the ntfy server's address, e.g. https://ntfy.sh").waitFor();
    await dialog.getByLabel('Server').fill(ntfy.url);
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Send test to Phone' }).click();
    await page.getByText('Test sent to Phone').first().waitFor();
    expect(ntfy.received.some((r) => r.json.topic === `astro_${name}`)).toBe(true);

    // A webhook: its signing secret is shown once.
    await page.getByRole('button', { name: 'Add channel' }).click();
    await dialog.getByLabel('Kind').selectOption('webhook');
    await dialog.getByLabel('Name').fill('Home Assistant');
    await dialog.getByLabel('URL').fill(`${ntfy.url}/hook`);
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await expect
      .poll(() => dialog.getByLabel('Signing secret').inputValue())
      .toMatch(/^[0-9a-f]{64}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // E-mail through an SMTP server that refuses: the test says so.
    await page.getByRole('button', { name: 'Add channel' }).click();
    await dialog.getByLabel('Kind').selectOption('email');
    await dialog.getByLabel('Name').fill('Inbox');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    smtp.refuseWith = { code: 550, message: 'Mailbox unavailable' };
    await page.getByRole('button', { name: 'Send test to Inbox' }).click();
    await page.getByText(/^Test failed: The mail server refused the message: 550/).waitFor();
    smtp.refuseWith = null;

    // Push: the browser refuses notifications here (headless Chromium denies by default).
    await page.getByRole('button', { name: 'Enable push on this device' }).click();
    await page
      .getByText(
        "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
      )
      .waitFor();

    // A rule, said in plain words before and after saving.
    await page.getByRole('button', { name: 'New rule' }).click();
    await dialog.getByLabel('Which launches').selectOption('provider');
    await dialog.getByLabel('Provider').fill('SpaceX');
    await dialog.getByLabel('is held, scrubbed or set to TBD').uncheck();
    await dialog.getByLabel('moves by 15 minutes or more').uncheck();
    await dialog.getByLabel('Inbox').uncheck();
    await dialog.getByLabel('Home Assistant').uncheck();
    const summary = 'Tell me 1 hour before any SpaceX launch, by ntfy';
    await dialog.getByText(summary).waitFor();
    if (name === 'desktop') await e2e.screenshot(page, `alerts-rule-dialog-${name}`);
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('list', { name: 'Your rules' }).getByText(summary).waitFor();

    // Quiet hours.
    await page.getByRole('switch', { name: 'Quiet hours' }).click();
    await page.getByLabel('From').fill('22:30');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Quiet from 22:30 to 07:00').first().waitFor();
    await expect
      .poll(
        async () =>
          (
            await e2e.server.client().get('/_api/alerts/settings', {
              cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
            })
          ).body.quietHours,
      )
      .toEqual({ start: '22:30', end: '07:00' });

    await e2e.screenshot(page, `alerts-${name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the installed app shows a pushed alert; a later one with the same tag replaces it', async () => {
    const user = await createUser(e2e.server, { email: 'push-sw@astro.test' });
    const { page, context } = await e2e.newPage(DESKTOP, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: e2e.server.url });
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) =>
      registrations.push(...e.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await signInAt(page, '/', user);
    await page.waitForFunction(
      async () => Boolean(await navigator.serviceWorker.getRegistration()),
      null,
      {
        timeout: 60_000,
      },
    );
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const registrationId = registrations.find((r) => !r.isDeleted)!.registrationId;
    // What the push service hands the worker: the decrypted message the server composed.
    const push = (title: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: e2e.server.url,
        registrationId,
        data: JSON.stringify({
          title,
          body: 'SpaceX · Falcon 9.',
          url: `${e2e.server.url}/rocket-launches`,
          tag: 'launch-7-moved',
        }),
      });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [
          n.title,
          n.tag,
          (n.data as { url: string }).url,
        ]),
      );
    await push('Launch moved: Starlink 10-1');
    await expect
      .poll(shown)
      .toEqual([
        ['Launch moved: Starlink 10-1', 'launch-7-moved', `${e2e.server.url}/rocket-launches`],
      ]);
    await push('Launch moved again: Starlink 10-1');
    await expect
      .poll(shown)
      .toEqual([
        [
          'Launch moved again: Starlink 10-1',
          'launch-7-moved',
          `${e2e.server.url}/rocket-launches`,
        ],
      ]);
    await context.close();
  });
});

// Reader apps (issue 26) in the browser: My Account's API passwords card (the
// two URLs, a password made and shown once, last used, revoked) and a source's
// folder on the Sources tab, each checked against the sync API a reader app calls.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createItems, createSource, createUser } from '../helpers/factories';
import { GReader, clientLogin } from '../helpers/sync';
import { DESKTOP, MOBILE, describeE2E, useE2E } from './browser';

async function signIn(page: Page, email: string, password: string, next: string) {
  await page.goto(`/login?next=${next}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describeE2E('reader apps: API passwords and folders', () => {
  const e2e = useE2E();

  it('makes a password for an app, shows it once, and revokes it (desktop, then phone in dark)', async () => {
    const user = await createUser(e2e.server, { email: 'apps@example.test' });
    const news = await createSource(e2e.server, { name: 'Space News' });
    await createItems(e2e.server, news, [{ title: 'Comet tonight' }]);
    const { page, context } = await e2e.newPage(DESKTOP);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, user.email, user.password, '/account');
    await page.getByText('No API passwords yet.').waitFor();
    const origin = e2e.server.url;
    expect(
      await page.getByRole('textbox', { name: 'Google Reader API URL', exact: true }).inputValue(),
    ).toBe(`${origin}/api/greader/`);
    expect(
      await page.getByRole('textbox', { name: 'Fever API URL', exact: true }).inputValue(),
    ).toBe(`${origin}/api/fever/`);
    expect(await page.getByRole('textbox', { name: 'Username', exact: true }).inputValue()).toBe(
      user.email,
    );

    await page.getByLabel('Name of the new password').fill('Phone');
    await page.getByRole('button', { name: 'Create password' }).click();
    const shown = page.getByRole('textbox', { name: 'New API password', exact: true });
    await shown.waitFor();
    const password = await shown.inputValue();
    expect(password).toMatch(/^[0-9a-z]{5}(-[0-9a-z]{5}){5}$/);
    await page.getByRole('list', { name: 'Your API passwords' }).getByText('Phone').waitFor();
    await page.getByText('not used yet').waitFor();
    await e2e.screenshot(page, 'api-passwords-desktop');

    // A reader app signs in with it; the card then says when it was last used.
    const reader = await GReader.login(origin, user.email, password);
    expect((await reader.get('user-info')).status).toBe(200);
    await page.reload();
    await page.getByText(/last used/).waitFor();
    expect(await page.getByRole('textbox', { name: 'New API password', exact: true }).count()).toBe(
      0,
    ); // shown only once

    // On a phone, in the dark theme: the card fits the narrow screen.
    const phone = await e2e.newPage(MOBILE);
    await phone.page.emulateMedia({ colorScheme: 'dark' });
    await signIn(phone.page, user.email, user.password, '/account');
    await phone.page.getByRole('list', { name: 'Your API passwords' }).waitFor();
    await phone.page.getByText('API passwords', { exact: true }).scrollIntoViewIfNeeded();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await e2e.screenshot(phone.page, 'api-passwords-dark-mobile');
    await phone.context.close();

    // Revoking asks first; the app's token stops working at once.
    await page.getByRole('button', { name: 'Revoke Phone' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No API passwords yet.').waitFor();
    expect((await reader.get('user-info')).status).toBe(401);
    expect((await clientLogin(origin, user.email, password)).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts a source in a folder on the Sources tab, which an app sees as a label', async () => {
    const user = await createUser(e2e.server, { email: 'folders@example.test' });
    const { page, context } = await e2e.newPage(DESKTOP);
    await signIn(page, user.email, user.password, '/account');
    await page.getByLabel('Name of the new password').fill('Reeder');
    await page.getByRole('button', { name: 'Create password' }).click();
    const password = await page
      .getByRole('textbox', { name: 'New API password', exact: true })
      .inputValue();
    const reader = await GReader.login(e2e.server.url, user.email, password);

    await page.goto('/');
    await page.getByRole('tab', { name: 'Sources' }).click();
    await page.getByRole('heading', { name: 'Default Sources' }).waitFor();
    const folder = page.getByLabel('Folder for Space News');
    await folder.fill('Missions');
    await folder.press('Enter');
    await page.getByText('Space News is in Missions.').waitFor();
    await e2e.screenshot(page, 'source-folder-desktop');
    const phone = await e2e.newPage(MOBILE);
    await phone.page.emulateMedia({ colorScheme: 'dark' });
    await signIn(phone.page, user.email, user.password, '/');
    await phone.page.getByRole('tab', { name: 'Sources' }).click();
    // A fresh context loads every chunk anew: slow on a loaded machine.
    await phone.page
      .getByRole('combobox', { name: 'Folder for Space News' })
      .waitFor({ timeout: 60_000 });
    expect(
      await phone.page.getByRole('combobox', { name: 'Folder for Space News' }).inputValue(),
    ).toBe('Missions');
    await e2e.screenshot(phone.page, 'source-folder-dark-mobile');
    await phone.context.close();
    const subs = await reader.get('subscription/list');
    const sub = subs.json.subscriptions.find((s: { title: string }) => s.title === 'Space News');
    expect(sub.categories).toEqual([
      { id: 'user/-/label/Missions', label: 'Missions', type: 'folder' },
    ]);
    // Cleared again: in no folder, no label.
    await folder.fill('');
    await folder.press('Enter');
    await page.getByText('Space News is in no folder.').waitFor();
    const after = await reader.get('subscription/list');
    expect(
      after.json.subscriptions.find((s: { title: string }) => s.title === 'Space News').categories,
    ).toEqual([]);
    await context.close();
  });
});

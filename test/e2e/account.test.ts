// Browser journeys on /account (profile, ZIP, avatar, password) and the shared
// layout (mobile drawer, theme menu), at desktop and phone widths.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createAdmin, createUser, type TestUser } from '../helpers/factories';
import { DESKTOP, describeE2E, MOBILE, useE2E } from './browser';
import { makePng } from '../helpers/png';

const widths = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

async function signInAt(page: Page, path: string, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** On a phone a toast can sit over the buttons: close them like a user would. */
async function closeToasts(page: Page) {
  const close = page.locator('[data-sonner-toast] [data-close-button]');
  while ((await close.count()) > 0) await close.first().click({ force: true }).catch(() => undefined);
}

const bodyIsDark = (page: Page) => page.evaluate(() => document.body.classList.contains('dark'));

describeE2E('account page', () => {
  const e2e = useE2E();

  it.each(widths)('changes name, ZIP, avatar and password (%s)', async (name, viewport) => {
    const user = await createUser(e2e.server, { displayName: 'Vera Rubin', email: `vera-${name}@example.test` });
    const { page, context } = await e2e.newPage(viewport);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInAt(page, '/login?next=/account', user);
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    expect(await page.getByText('Changing your email will require re-verification.').isVisible()).toBe(true);
    const avatar = page.getByRole('banner').getByTestId('user-avatar');
    expect(await avatar.innerText()).toBe('VR');

    // Display name: the form's own message, then a saved change that the header follows.
    const displayName = page.getByLabel('Display Name');
    await displayName.fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Display name is required').waitFor();
    await displayName.fill('Vera Cooper Rubin');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForFunction(() => document.querySelector('header [data-testid="user-avatar"]')?.textContent === 'VR');
    await page.getByText('Profile updated successfully').waitFor();

    // An e-mail that belongs to someone else.
    const other = await createUser(e2e.server);
    await page.getByLabel('Email', { exact: true }).fill(other.email);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('This email is already in use').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);

    // ZIP: digits only, five at most; a short one gets the spec's message; a good one is saved.
    const zip = page.getByLabel('Zip Code');
    expect(await zip.getAttribute('placeholder')).toBe('12345');
    await zip.fill('12');
    await page.getByRole('button', { name: 'Update Location' }).click();
    await page.getByText('Invalid zip code format. Must be 5 digits.').waitFor();
    await zip.fill('x9021077');
    expect(await zip.inputValue()).toBe('90210');
    await page.getByRole('button', { name: 'Update Location' }).click();
    await page.getByText('Location updated').waitFor();
    await closeToasts(page);

    // Avatar: a non-image is ignored; a PNG shows as a preview, Cancel drops it, Save keeps it.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    const png = { name: 'me.png', mimeType: 'image/png', buffer: makePng() };
    await fileInput.setInputFiles(png);
    await page.getByRole('button', { name: 'Cancel' }).first().click();
    await fileInput.setInputFiles(png);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Remove' }).waitFor();
    await avatar.locator('img').waitFor();
    expect(await avatar.locator('img').getAttribute('src')).toMatch(/^\/_api\/account\/avatar\//);
    expect(await avatar.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await e2e.screenshot(page, `account-${name}`);

    // Saved values survive a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    expect(await page.getByLabel('Display Name').inputValue()).toBe('Vera Cooper Rubin');
    expect(await page.getByLabel('Zip Code').inputValue()).toBe('90210');
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Upload' }).waitFor();
    expect(await avatar.innerText()).toBe('VR');
    await closeToasts(page);

    // Password: the panel opens and cancels; a wrong current password marks that field.
    await page.getByRole('button', { name: 'Change Password' }).click();
    expect(await page.getByText('Password must be at least 8 characters long.').isVisible()).toBe(true);
    await page.getByLabel('Current Password', { exact: true }).fill('something');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    expect(await page.getByLabel('Current Password', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('New Password', { exact: true }).fill('Nebula-2024x');
    await page.getByLabel('Confirm New Password').fill('Nebula-2024y');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Current password is required').waitFor();
    expect(await page.getByText("Passwords don't match").isVisible()).toBe(true);
    await page.getByLabel('Current Password', { exact: true }).fill('Not-the-password1');
    await page.getByLabel('Confirm New Password').fill('Nebula-2024x');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Current password is incorrect').waitFor();
    await page.getByLabel('Current Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('dialog', { name: 'Password Updated Successfully' }).waitFor();
    await e2e.screenshot(page, `password-dialog-${name}`);
    await page.getByRole('button', { name: 'Continue to Sign In' }).click();
    await page.getByText('Welcome to AstroDash').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The old password no longer works; the new one does.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('alert').filter({ hasText: /invalid|incorrect/i }).waitFor();
    await page.getByLabel('Password').fill('Nebula-2024x');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Vera Cooper Rubin!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describeE2E('shared layout', () => {
  const e2e = useE2E();

  it('marks the active item, shows Admin only to admins, and switches the theme (desktop)', async () => {
    const admin = await createAdmin(e2e.server, { displayName: 'Edwin Hubble' });
    const { page, context } = await e2e.newPage(DESKTOP);
    await signInAt(page, '/', admin);
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Dashboard',
      'Reddit Feeds',
      'BlueSky Feeds',
      'Rocket Launches',
      'Admin',
      'Account',
    ]);
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();

    // Theme: Dark sets body.dark and survives a reload; Light clears it; the active one is checked.
    await page.getByRole('button', { name: 'Theme' }).click();
    expect(await page.getByRole('menuitemradio', { name: 'Auto' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await bodyIsDark(page)).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    expect(await bodyIsDark(page)).toBe(true);
    await e2e.screenshot(page, 'account-dark-desktop');
    await page.getByRole('button', { name: 'Theme' }).click();
    expect(await page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    expect(await bodyIsDark(page)).toBe(false);

    // Auto follows the system preference live.
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Auto' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.body.classList.contains('dark'));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => !document.body.classList.contains('dark'));
    await context.close();
  });

  it('opens the navigation drawer on a phone and closes it after navigating or on Escape (mobile)', async () => {
    const user = await createUser(e2e.server, { displayName: 'Henrietta Leavitt' });
    const { page, context } = await e2e.newPage(MOBILE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInAt(page, '/', user);
    await page.getByRole('heading', { name: 'Welcome back, Henrietta Leavitt!' }).waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0); // the rail is hidden at 375 px

    const menu = page.getByRole('button', { name: 'Open navigation menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await drawer.waitFor();
    expect(await drawer.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.waitForTimeout(250); // let the slide-in finish for the picture
    await e2e.screenshot(page, 'drawer-dark-mobile');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open navigation menu');

    await menu.click();
    await drawer.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    expect(await bodyIsDark(page)).toBe(true);
    await e2e.screenshot(page, 'account-dark-mobile');

    // A plain user on an admin page: the guard's Access Denied with the spec's words.
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByText('Access denied. Your role (user) lacks required permissions.').isVisible()).toBe(true);
    await e2e.screenshot(page, 'access-denied-dark-mobile');
    await context.close();
  });
});

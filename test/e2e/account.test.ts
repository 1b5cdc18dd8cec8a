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
  while ((await close.count()) > 0)
    await close
      .first()
      // A toast may close on its own before the click lands: then there is nothing to wait for.
      .click({ force: true, timeout: 2_000 })
      .catch(() => undefined);
}

const bodyIsDark = (page: Page) => page.evaluate(() => document.body.classList.contains('dark'));

describeE2E('account page', () => {
  const e2e = useE2E();

  it.each(widths)('changes name, ZIP, avatar and password (%s)', async (name, viewport) => {
    const user = await createUser(e2e.server, {
      displayName: 'Vera Rubin',
      email: `vera-${name}@example.test`,
    });
    const { page, context } = await e2e.newPage(viewport);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInAt(page, '/login?next=/account', user);
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await expect
      .poll(() => page.getByText('Changing your email will require re-verification.').isVisible(), {
        timeout: 5000,
      })
      .toBe(true);
    const avatar = page.getByRole('banner').getByTestId('user-avatar');
    await expect.poll(() => avatar.innerText(), { timeout: 5000 }).toBe('VR');

    // Display name: the form's own message, then a saved change that the header follows.
    const displayName = page.getByLabel('Display Name');
    await displayName.fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Display name is required').waitFor();
    await displayName.fill('Vera Cooper Rubin');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForFunction(
      () => document.querySelector('header [data-testid="user-avatar"]')?.textContent === 'VR',
    );
    await page.getByText('Profile updated successfully').waitFor();

    // An e-mail that belongs to someone else (a new address needs the current password).
    const other = await createUser(e2e.server);
    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Email', { exact: true }).fill(other.email);
    await profile.getByLabel('Current Password').fill(user.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('This email is already in use').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);

    // ZIP: digits only, five at most; a short one gets the spec's message; a good one is saved.
    const zip = page.getByLabel('Zip Code');
    await expect.poll(() => zip.getAttribute('placeholder'), { timeout: 5000 }).toBe('12345');
    await zip.fill('12');
    await page.getByRole('button', { name: 'Update Location' }).click();
    await page.getByText('Invalid zip code format. Must be 5 digits.').waitFor();
    await zip.fill('x9021077');
    await expect.poll(() => zip.inputValue(), { timeout: 5000 }).toBe('90210');
    await page.getByRole('button', { name: 'Update Location' }).click();
    await page.getByText('Location updated').waitFor();
    await closeToasts(page);

    // Avatar: a non-image is ignored; a PNG shows as a preview, Cancel drops it, Save keeps it.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect
      .poll(() => page.getByRole('button', { name: 'Save', exact: true }).count(), {
        timeout: 5000,
      })
      .toBe(0);
    const png = { name: 'me.png', mimeType: 'image/png', buffer: makePng() };
    await fileInput.setInputFiles(png);
    await page.getByRole('button', { name: 'Cancel' }).first().click();
    await fileInput.setInputFiles(png);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Remove' }).waitFor();
    await avatar.locator('img').waitFor();
    await expect
      .poll(() => avatar.locator('img').getAttribute('src'), { timeout: 5000 })
      .toMatch(/^\/_api\/account\/avatar\//);
    await expect
      .poll(() => avatar.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), {
        timeout: 5000,
      })
      .toBe(64);
    await e2e.screenshot(page, `account-${name}`);

    // Saved values survive a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await expect
      .poll(() => page.getByLabel('Display Name').inputValue(), { timeout: 5000 })
      .toBe('Vera Cooper Rubin');
    await expect
      .poll(() => page.getByLabel('Zip Code').inputValue(), { timeout: 5000 })
      .toBe('90210');
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Upload' }).waitFor();
    await expect.poll(() => avatar.innerText(), { timeout: 5000 }).toBe('VR');
    // The toast can come a moment after the avatar (the first toast after a reload loads sonner).
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Avatar removed' }).waitFor();
    await closeToasts(page);

    // Password: the panel opens and cancels; a wrong current password marks that field.
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect
      .poll(() => page.getByText('Password must be at least 8 characters long.').isVisible(), {
        timeout: 5000,
      })
      .toBe(true);
    await page.getByLabel('Current Password', { exact: true }).fill('something');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect
      .poll(() => page.getByLabel('Current Password', { exact: true }).inputValue(), {
        timeout: 5000,
      })
      .toBe('');
    await page.getByLabel('New Password', { exact: true }).fill('Nebula-2024x');
    await page.getByLabel('Confirm New Password').fill('Nebula-2024y');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Current password is required').waitFor();
    await expect
      .poll(() => page.getByText("Passwords don't match").isVisible(), { timeout: 5000 })
      .toBe(true);
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
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid|incorrect/i })
      .waitFor();
    await page.getByLabel('Password').fill('Nebula-2024x');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Vera Cooper Rubin!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describeE2E('changing the e-mail address', () => {
  const e2e = useE2E();

  it.each(widths)(
    'asks for the current password only when the address changes (%s)',
    async (name, viewport) => {
      const user = await createUser(e2e.server, { email: `mover-${name}@example.test` });
      const { page, context } = await e2e.newPage(viewport);
      await signInAt(page, '/login?next=/account', user);
      await page.getByRole('heading', { name: 'My Account' }).waitFor();
      const profile = page.getByRole('form', { name: 'Profile' });
      const email = profile.getByLabel('Email', { exact: true });
      const current = profile.getByLabel('Current Password');
      await expect.poll(() => email.inputValue(), { timeout: 5000 }).toBe(user.email);
      expect(await current.count()).toBe(0);

      // Same address in other letters: not a change, no password asked.
      await email.fill(user.email.toUpperCase());
      expect(await current.count()).toBe(0);

      const moved = `moved-${name}@example.test`;
      await email.fill(moved);
      await current.waitFor();
      await profile.getByRole('button', { name: 'Save Changes' }).click();
      await profile.getByText('Current password is required to change your email').waitFor();
      await expect.poll(() => current.evaluate((el) => el === document.activeElement)).toBe(true);

      await current.fill('Wrong-Guess-1');
      await profile.getByRole('button', { name: 'Save Changes' }).click();
      await profile.getByText('Current password is incorrect').waitFor();
      await e2e.screenshot(page, `account-email-password-${name}`);

      await current.fill(user.password);
      await profile.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Profile updated successfully').waitFor();
      await expect.poll(() => current.count(), { timeout: 5000 }).toBe(0);
      await expect.poll(() => email.inputValue()).toBe(moved);
      const row = await e2e.server.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(moved);
      await context.close();
    },
  );
});

describeE2E('account page fallbacks', () => {
  const e2e = useE2E();

  it("shows the spec's fallbacks when a profile, ZIP or password error carries no message", async () => {
    const user = await createUser(e2e.server, { displayName: 'Henrietta Leavitt' });
    const { page, context } = await e2e.newPage();
    await signInAt(page, '/login?next=/account', user);
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    const bare = { status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' };
    for (const path of ['update_profile', 'change_password'])
      await page.route(`**/_api/auth/${path}`, (route) => route.fulfill(bare));
    await page.route('**/_api/profile/update_zip_code', (route) => route.fulfill(bare));

    await page.getByLabel('Display Name').fill('Henrietta Swan Leavitt');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile update failed', { exact: true }).waitFor();

    await page.getByLabel('Zip Code').fill('02138');
    await page.getByRole('button', { name: 'Update Location' }).click();
    await page.getByText('Failed to update zip code', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByLabel('Current Password', { exact: true }).fill(user.password);
    await page.getByLabel('New Password', { exact: true }).fill('Nebula-2024x');
    await page.getByLabel('Confirm New Password').fill('Nebula-2024x');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password change failed', { exact: true }).waitFor();
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
    await expect
      .poll(() => nav.getByRole('link').allInnerTexts(), { timeout: 5000 })
      .toEqual([
        'Dashboard',
        'Reddit Feeds',
        'BlueSky Feeds',
        'Rocket Launches',
        'Admin',
        'Account',
      ]);
    await expect
      .poll(() => nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'), {
        timeout: 5000,
      })
      .toBe('page');
    await nav.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await expect
      .poll(() => nav.getByRole('link', { name: 'Account' }).getAttribute('aria-current'), {
        timeout: 5000,
      })
      .toBe('page');
    await expect
      .poll(() => nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'), {
        timeout: 5000,
      })
      .toBeNull();

    // Theme: Dark sets body.dark and survives a reload; Light clears it; the active one is checked.
    await page.getByRole('button', { name: 'Theme' }).click();
    await expect
      .poll(() => page.getByRole('menuitemradio', { name: 'Auto' }).getAttribute('aria-checked'), {
        timeout: 5000,
      })
      .toBe('true');
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => bodyIsDark(page), { timeout: 5000 }).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await expect.poll(() => bodyIsDark(page), { timeout: 5000 }).toBe(true);
    await e2e.screenshot(page, 'account-dark-desktop');
    await page.getByRole('button', { name: 'Theme' }).click();
    await expect
      .poll(() => page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked'), {
        timeout: 5000,
      })
      .toBe('true');
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect.poll(() => bodyIsDark(page), { timeout: 5000 }).toBe(false);

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
    await expect.poll(() => page.getByRole('navigation').count(), { timeout: 5000 }).toBe(0); // the rail is hidden at 375 px

    const menu = page.getByRole('button', { name: 'Open navigation menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation menu' });
    await drawer.waitFor();
    await expect
      .poll(() => drawer.getByRole('link', { name: 'Admin' }).count(), { timeout: 5000 })
      .toBe(0);
    await page.waitForTimeout(250); // let the slide-in finish for the picture
    await e2e.screenshot(page, 'drawer-dark-mobile');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), {
        timeout: 5000,
      })
      .toBe('Open navigation menu');

    await menu.click();
    await drawer.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => bodyIsDark(page), { timeout: 5000 }).toBe(true);
    await e2e.screenshot(page, 'account-dark-mobile');

    // A plain user on an admin page: the guard's Access Denied with the spec's words.
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await expect
      .poll(
        () =>
          page.getByText('Access denied. Your role (user) lacks required permissions.').isVisible(),
        { timeout: 5000 },
      )
      .toBe(true);
    await e2e.screenshot(page, 'access-denied-dark-mobile');
    await context.close();
  });
});

// Browser journeys for sign-up, sign-in, sign-out and the route guards, at desktop and phone widths.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createUser } from '../helpers/factories';
import { DESKTOP, describeE2E, MOBILE, useE2E } from './browser';

const widths = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

async function fillRegistration(
  page: Page,
  values: { email: string; name: string; password: string; zip?: string },
) {
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Display Name').fill(values.name);
  await page.getByLabel('Password').fill(values.password);
  if (values.zip) await page.getByLabel('Zip Code (optional)').fill(values.zip);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describeE2E('sign-up, sign-in and sign-out', () => {
  const e2e = useE2E();

  it.each(widths)(
    'registers, lands on the dashboard, signs out and back in (%s)',
    async (name, viewport) => {
      const { page, context } = await e2e.newPage(viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const email = `ada-${name}@example.test`;

      await page.goto('/');
      await page.getByText('Welcome to AstroDash').waitFor();
      await expect
        .poll(() => page.getByText('Log in to access your dashboard.').isVisible(), {
          timeout: 5000,
        })
        .toBe(true);
      await expect
        .poll(
          () =>
            page.getByText('A default set of sources is provided', { exact: false }).isVisible(),
          { timeout: 5000 },
        )
        .toBe(true);
      await e2e.screenshot(page, `login-${name}`);

      await page.getByRole('link', { name: 'Sign up' }).click();
      await page.waitForURL('**/register');
      await page.getByText('Create an Account').waitFor();
      await expect
        .poll(() => page.getByText('Join to get your personalized news dashboard.').isVisible(), {
          timeout: 5000,
        })
        .toBe(true);

      // Client-side validation with the spec's messages, focus on the first bad field.
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Email is required').waitFor();
      await expect
        .poll(() => page.getByText('Password must be at least 8 characters').isVisible(), {
          timeout: 5000,
        })
        .toBe(true);
      await expect
        .poll(() => page.getByText('Name is required').isVisible(), { timeout: 5000 })
        .toBe(true);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), {
          timeout: 5000,
        })
        .toBe('email');

      // The ZIP field keeps digits only, at most five.
      await fillRegistration(page, {
        email,
        name: 'Ada Lovelace',
        password: 'Stargazer9',
        zip: 'ab021399',
      });
      await expect
        .poll(() => page.getByLabel('Zip Code (optional)').inputValue(), { timeout: 5000 })
        .toBe('02139');
      await e2e.screenshot(page, `register-${name}`);
      await page.getByRole('button', { name: 'Create Account' }).click();

      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Welcome back, Ada Lovelace!' }).waitFor();
      await expect
        .poll(() => page.getByTestId('user-avatar').first().innerText(), { timeout: 5000 })
        .toBe('AL');
      await e2e.screenshot(page, `dashboard-${name}`);

      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByText('Welcome to AstroDash').waitFor();

      // A wrong password shows the server's message above the form.
      await logIn(page, email, 'Wrong-password1');
      const alert = page.getByRole('alert').filter({ hasText: /invalid|incorrect/i });
      await alert.waitFor();
      await e2e.screenshot(page, `login-error-${name}`);

      await logIn(page, email, 'Stargazer9');
      await page.getByRole('heading', { name: 'Welcome back, Ada Lovelace!' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('refuses to register the same e-mail twice with the spec wording', async () => {
    const existing = await createUser(e2e.server, { email: 'taken@example.test' });
    const { page, context } = await e2e.newPage();
    await page.goto('/register');
    await fillRegistration(page, {
      email: existing.email.toUpperCase(),
      name: 'Someone',
      password: 'Stargazer9',
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page
      .getByText('This email is already registered. Please try logging in instead.')
      .waitFor();
    await context.close();
  });

  it("shows the spec's fallbacks when a login or registration error carries no message", async () => {
    const { page, context } = await e2e.newPage();
    const bare = { status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' };
    await page.route('**/_api/auth/login_with_password', (route) => route.fulfill(bare));
    await page.route('**/_api/auth/register_with_password', (route) => route.fulfill(bare));
    await page.goto('/');
    await logIn(page, 'someone@example.test', 'Stargazer9');
    await page
      .getByRole('alert')
      .filter({ hasText: /^Login failed$/ })
      .waitFor();
    await page.goto('/register');
    await fillRegistration(page, {
      email: 'someone@example.test',
      name: 'Someone',
      password: 'Stargazer9',
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Registration failed$/ })
      .waitFor();
    await context.close();
  });

  it('sends an anonymous visitor to /login and back to the page they wanted', async () => {
    const user = await createUser(e2e.server, { displayName: 'Carl Sagan' });
    const { page, context } = await e2e.newPage();
    await page.goto('/account#security');
    await page.waitForURL('**/login?next=%2Faccount%23security');
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/account#security');
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    // Already signed in: /login and /register move on.
    await page.goto('/login?next=/account');
    await page.waitForURL('**/account');
    await page.goto('/register');
    await page.waitForURL((url) => url.pathname === '/');
    // An off-site ?next= is ignored.
    await page.goto('/login?next=//evil.example/');
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).host).toBe(new URL(e2e.server.url).host);
    await context.close();
  });

  it('shows Not Found for an unknown route, with a link home', async () => {
    const { page, context } = await e2e.newPage(MOBILE);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await expect
      .poll(() => page.getByText('The page you are looking for does not exist').isVisible(), {
        timeout: 5000,
      })
      .toBe(true);
    await e2e.screenshot(page, 'not-found-mobile');
    await page.getByRole('link', { name: /home/i }).click();
    await page.getByText('Welcome to AstroDash').waitFor();
    await context.close();
  });
});

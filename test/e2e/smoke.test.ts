import { expect, it } from 'vitest';
import { describeE2E, useE2E } from './browser';

describeE2E('web app smoke', () => {
  const e2e = useE2E();
  it('serves the single-page app with no console errors and shows the login page at /', async () => {
    const { page, context } = await e2e.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/');
    await page.getByText('Welcome to AstroDash').waitFor();
    await expect.poll(() => page.title(), { timeout: 5000 }).toBe('AstroDash');
    expect(errors).toEqual([]);
    await context.close();
  });
});

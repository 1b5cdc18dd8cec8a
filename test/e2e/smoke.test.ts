import { expect, it } from 'vitest';
import { describeE2E, useE2E } from './browser';

describeE2E('web app smoke', () => {
  const e2e = useE2E();
  it('serves the single-page app with no console errors', async () => {
    const { page, context } = await e2e.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await expect(page.locator('#root')).toBeDefined();
    await page.waitForSelector('#root > *');
    expect(errors).toEqual([]);
    await context.close();
  });
});

// Renders the app's logo (public/favicon.svg) into the PNG icons the web app
// manifest and iOS ask for, with Debian's Chromium. The PNGs are committed;
// run again after changing the logo: node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');
const outDir = path.join(root, 'public', 'icons');

// "any" icons fill the square; the maskable one keeps the logo inside the 80 %
// safe zone on the logo's own night-blue, so a circular or squircle mask never cuts it.
const icons = [
  { name: 'icon-192.png', size: 192, maskable: false },
  { name: 'icon-512.png', size: 512, maskable: false },
  { name: 'icon-maskable-512.png', size: 512, maskable: true },
  { name: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  fs.mkdirSync(outDir, { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const logo = icon.maskable ? Math.round(icon.size * 0.72) : icon.size;
    const background = icon.maskable ? '#0b1026' : 'transparent';
    await page.setContent(
      `<html><body style="margin:0;background:${background};display:grid;place-items:center;height:100vh">` +
        svg.replace('<svg ', `<svg width="${logo}" height="${logo}" `) +
        '</body></html>',
    );
    await page.screenshot({
      path: path.join(outDir, icon.name),
      omitBackground: !icon.maskable,
    });
    await page.close();
  }
} finally {
  await browser.close();
}

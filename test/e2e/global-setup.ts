// Builds the web app once for the browser suite, and decides whether it can run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumPath } from './browser';

export default function setup() {
  const exe = chromiumPath();
  if (!fs.existsSync(exe)) {
    if (process.env.REQUIRE_E2E === '1') {
      throw new Error(`REQUIRE_E2E=1 but no Chromium at ${exe} (set CHROMIUM_PATH)`);
    }
    console.warn(
      `\n*** E2E SKIPPED: no Chromium at ${exe}. Set CHROMIUM_PATH to run the browser suite. ***\n`,
    );
    return;
  }
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development
    // build: the suite tests (and measures) the production app instead.
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    execFileSync('npm', ['run', '-s', 'build:server'], { stdio: 'inherit' });
  }
}

import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Four projects, each named for what it holds (README, "Tests"):
//   unit  tests beside the code (src/, scripts/): pure logic, seconds in all
//   api   a real server over a real database, real processes (test/api, test/integration)
//   fuzz  the linear-time growth checks of everything that reads fetched text
//         (*.fuzz.test.ts anywhere, or test/fuzz/)
//   e2e   browser journeys in Chromium (test/e2e)
// `npm test` runs them all; `npm run test:<project>` one of them.
const FUZZ = ['**/*.fuzz.test.ts', 'test/fuzz/**/*.test.ts'];

// Waiting is on events: `expect.poll` and the helpers poll a condition until it
// holds, and only a hang ends at these limits, generous for a loaded machine.
// Three server processes and a large ingestion take minutes at load 20 on 2 cores.
const patient = {
  testTimeout: 300_000,
  hookTimeout: 300_000,
  expect: { poll: { timeout: 120_000 } },
};

// One id per run, inherited by every worker: its PostgreSQL schemas are named for it
// and dropped together when the run ends (test/helpers/pg-schemas.ts).
process.env.TEST_RUN_ID ??= randomBytes(4).toString('hex');

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/pg-schemas.ts'],
    // Vitest's default on 2 cores is one file at a time. Most files wait on
    // processes, sockets and threads more than they compute, so two at a time
    // halve the suite's time there; the tests hold at any load.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: FUZZ,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts', 'test/integration/**/*.test.ts'],
          exclude: FUZZ,
          environment: 'node',
          ...patient,
        },
      },
      {
        test: {
          name: 'fuzz',
          include: FUZZ,
          exclude: ['**/node_modules/**'],
          environment: 'node',
          // Growth is measured, not time: a ratio holds at any load, only slower.
          // A burst of outside load can still stall the larger run of a pair
          // (4 of 21 entry points at load 17-28): measured again, a linear parser
          // passes, while a quadratic one is ×4 every time.
          retry: 2,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time on a 2-core machine keeps timings sane.
          fileParallelism: false,
        },
      },
    ],
  },
});

// A short soak (the long one is `npm run soak`): mixed reads and writes from
// many connections against a real server process on SQLite, with an outside
// reader on the same file: no errors, no SQLITE_BUSY, a bounded WAL.
import { expect, it } from 'vitest';
import { runSoak } from '../helpers/soak';

it('20 connections of mixed reads and writes for 5 s: 0 errors, 0 SQLITE_BUSY, bounded WAL', async () => {
  const report = await runSoak({ connections: 20, durationMs: 5000, items: 5000 });
  expect(report.errorSamples).toEqual([]);
  expect(report.errors).toBe(0);
  expect(report.sqliteBusy).toBe(0);
  expect(Object.keys(report.operations).toSorted()).toEqual(
    ['create', 'delete', 'list', 'login', 'preference', 'search', 'sources', 'update'].toSorted(),
  );
  expect(report.outsideReads).toBeGreaterThan(0);
  expect(report.walMaxBytes).toBeLessThanOrEqual(64 * 1024 * 1024);
});

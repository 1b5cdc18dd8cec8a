// A lease holder killed mid-run (SIGKILL, a real process): nobody else runs the
// job until its lease expires; then another runner takes over and the dead
// run is recorded as interrupted. SQLite and PostgreSQL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../src/server/jobs/clock';
import { recentRuns } from '../../src/server/jobs/repository';
import { createJobRunner, LEASE_TTL_MS } from '../../src/server/jobs/runner';
import { NEW_YORK, cron } from '../../src/server/jobs/schedule';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';
import { stopSpawnedProcesses, trackProcess } from '../helpers/server-process';

const HOLDER = path.join(import.meta.dirname, 'support/lease-holder.ts');

describe.each(dialects)('a lease holder killed mid-run (%s)', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await stopSpawnedProcesses();
    await database.destroy();
  });

  it('holds the job until its lease expires; then another runner runs it', async () => {
    const child = trackProcess(
      spawn(process.execPath, ['--import', 'tsx', HOLDER, JSON.stringify(database.options)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    const killedAt = await new Promise<number>((resolve, reject) => {
      const early = (code: number | null) => reject(new Error(`holder exited early (${code})`));
      child.once('exit', early);
      child.stdout.on('data', (chunk: Buffer) => {
        if (!chunk.toString().includes('running')) return;
        child.off('exit', early);
        child.kill('SIGKILL');
        resolve(Date.now());
      });
    });
    await new Promise((resolve) => child.once('exit', resolve));

    let runs = 0;
    const clock = manualClock(killedAt);
    const survivor = createJobRunner({
      db: database.db,
      log: pino({ enabled: false }),
      clock,
      definitions: [
        {
          name: 'purge',
          title: 'purge',
          description: 'counts',
          schedule: cron('0 6 * * *', NEW_YORK, 'daily'),
          enabledByDefault: true,
          run: async () => ({ runs: ++runs }),
        },
      ],
    });
    expect((await survivor.run('purge')).status).toBe('busy');
    clock.advance(LEASE_TTL_MS / 2);
    expect((await survivor.run('purge')).status).toBe('busy');
    clock.advance(LEASE_TTL_MS / 2 + 1_000);
    expect((await survivor.run('purge')).status).toBe('success');
    expect(runs).toBe(1);
    const history = await recentRuns(database.db, 'purge', 5);
    expect(history.map((r) => [r.status, r.error])).toEqual([
      ['success', null],
      ['error', 'Interrupted: the server stopped mid-run.'],
    ]);
    await survivor.stop();
  });
});

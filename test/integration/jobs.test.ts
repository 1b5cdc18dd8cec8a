// The job runner over a real database, with a hand-moved clock: schedules kept
// across restarts, missed runs, and the lease between two runners (two
// connections, as two server processes would hold), including a dead holder.
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DB } from '../../src/server/db/database';
import { jobDefinitions, type BriefingSlot } from '../../src/server/jobs/definitions';
import { manualClock, type ManualClock } from '../../src/server/jobs/clock';
import * as repo from '../../src/server/jobs/repository';
import { createJobRunner, LEASE_TTL_MS, type JobRunner } from '../../src/server/jobs/runner';
import { NEW_YORK, adaptive, cron, every, hours } from '../../src/server/jobs/schedule';
import type { JobDefinition } from '../../src/server/jobs/types';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/database';

const log = pino({ enabled: false });
const START = Date.parse('2026-01-15T12:00:00Z'); // 07:00 in New York

/** A job that counts its runs and can be held open until released. */
interface CountingJob {
  runs: number;
  holdNext(): void;
  release(): void;
  definition: JobDefinition;
}

function countingJob(
  name: JobDefinition['name'],
  schedule: JobDefinition['schedule'],
): CountingJob {
  let release: () => void = () => {};
  let hold = false;
  const job: CountingJob = {
    runs: 0,
    holdNext() {
      hold = true;
    },
    release: () => {
      hold = false;
      release();
    },
    definition: {
      name,
      title: name,
      description: name,
      schedule,
      enabledByDefault: true,
      run: async () => {
        job.runs++;
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return { runs: job.runs };
      },
    },
  };
  return job;
}

describe.each(dialects)('job runner (%s)', (dialect) => {
  let database: TestDatabase;
  let second: DB;
  let clock: ManualClock;
  const runners: JobRunner[] = [];
  const runner = (db: DB, definitions: JobDefinition[], c: ManualClock = clock) => {
    const r = createJobRunner({ db, log, definitions, clock: c });
    runners.push(r);
    return r;
  };

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    second = openDatabase(database.options).db;
    clock = manualClock(START);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await second.destroy();
    await database.destroy();
  });

  it('the purge schedule runs at 06:00 New York, once, and then waits for the next day', async () => {
    const purge = countingJob('purge', cron('0 6 * * *', NEW_YORK, 'daily'));
    const jobs = runner(database.db, [purge.definition]);
    await jobs.ensureJobs();
    await jobs.tick();
    expect(purge.runs).toBe(0); // 07:00: today's 06:00 has passed; tomorrow's is next
    expect((await repo.findJobRow(database.db, 'purge'))?.next_run_at).toBe(
      Date.parse('2026-01-16T11:00:00Z'),
    );
    clock.set(Date.parse('2026-01-16T11:00:00Z'));
    await jobs.tick();
    await jobs.tick();
    expect(purge.runs).toBe(1);
  });

  it('runs missed while the server was down run once, not once per missed occurrence', async () => {
    const refresh = countingJob('news-refresh', cron('0 8,20 * * *', NEW_YORK, 'twice daily'));
    await runner(database.db, [refresh.definition]).ensureJobs();
    // Down for three days: six occurrences missed. A new process starts.
    clock.advance(hours(72));
    const restarted = runner(database.db, [refresh.definition]);
    await restarted.ensureJobs();
    await restarted.tick();
    await restarted.tick();
    expect(refresh.runs).toBe(1);
    const next = (await repo.findJobRow(database.db, 'news-refresh'))?.next_run_at;
    expect(next).toBeGreaterThan(clock.now());
  });

  it('the launch schedule runs at once on a fresh database, and resumes its 4.8 h interval after a restart', async () => {
    const launches = countingJob('launch-schedule', every(hours(4.8), 'every 4.8 h'));
    const first = runner(database.db, [launches.definition]);
    await first.ensureJobs();
    await first.tick();
    expect(launches.runs).toBe(1);
    await first.stop();
    // Restart 3 hours later: the next run is 1.8 hours away, not now and not 4.8 hours away.
    clock.advance(hours(3));
    const again = runner(database.db, [launches.definition]);
    await again.ensureJobs();
    await again.tick();
    expect(launches.runs).toBe(1);
    clock.advance(hours(1.8) - 1);
    await again.tick();
    expect(launches.runs).toBe(1);
    clock.advance(1);
    await again.tick();
    expect(launches.runs).toBe(2);
  });

  it('an adaptive job runs at once when new, then when it says after each run, across a restart', async () => {
    const polls = countingJob('launch-schedule', adaptive('as the job says'));
    let asked = 0;
    const definition = {
      ...polls.definition,
      nextRunAt: async (now: number) => {
        asked++;
        return now + 20 * 60_000;
      },
    };
    const jobs = runner(database.db, [definition]);
    await jobs.ensureJobs();
    await jobs.tick();
    expect(polls.runs).toBe(1);
    expect((await repo.findJobRow(database.db, 'launch-schedule'))?.next_run_at).toBe(
      START + 20 * 60_000,
    );
    clock.advance(20 * 60_000 - 1);
    await jobs.tick();
    expect(polls.runs).toBe(1);
    // A restart keeps the planned run; re-enabling asks the job again.
    const again = runner(database.db, [definition]);
    await again.ensureJobs();
    clock.advance(1);
    await again.tick();
    expect(polls.runs).toBe(2);
    await again.setEnabled('launch-schedule', false);
    await again.setEnabled('launch-schedule', true);
    expect(asked).toBe(3);
  });

  it('a disabled job does not run on schedule, but still runs by hand', async () => {
    const launches = countingJob('launch-schedule', every(hours(4.8), 'every 4.8 h'));
    const jobs = runner(database.db, [launches.definition]);
    await jobs.ensureJobs();
    await jobs.setEnabled('launch-schedule', false);
    await jobs.tick();
    expect(launches.runs).toBe(0);
    expect((await jobs.run('launch-schedule')).status).toBe('success');
    expect(launches.runs).toBe(1);
  });

  it('two runners on one database: a job never runs twice at once', async () => {
    const job = countingJob('housekeeping', every(hours(1), 'hourly'));
    const a = runner(database.db, [job.definition]);
    const b = runner(second, [job.definition]);
    await a.ensureJobs();
    await b.ensureJobs();
    job.holdNext();
    const running = a.run('housekeeping');
    while (job.runs === 0) await new Promise((r) => setTimeout(r, 5));
    expect((await b.run('housekeeping')).status).toBe('busy');
    expect((await a.run('housekeeping')).status).toBe('busy');
    await b.tick(); // due, but leased elsewhere
    expect(job.runs).toBe(1);
    expect([...(await b.running())]).toEqual(['housekeeping']);
    job.release();
    expect((await running).status).toBe('success');
    // Released: the other runner may run it now.
    expect((await b.run('housekeeping')).status).toBe('success');
    expect(job.runs).toBe(2);
  });

  it('a scheduled run another process already did is not repeated', async () => {
    const job = countingJob('purge', cron('0 6 * * *', NEW_YORK, 'daily'));
    const a = runner(database.db, [job.definition]);
    const b = runner(second, [job.definition]);
    await a.ensureJobs();
    clock.set(Date.parse('2026-01-16T11:00:05Z'));
    await Promise.all([a.tick(), b.tick()]);
    await b.tick();
    expect(job.runs).toBe(1);
  });

  it('a holder killed mid-run: its lease expires, the run is marked interrupted, another runner takes over', async () => {
    const job = countingJob('purge', cron('0 6 * * *', NEW_YORK, 'daily'));
    // What a process SIGKILLed mid-run leaves behind: a fresh lease and a run marked running.
    await runner(database.db, [job.definition]).ensureJobs();
    expect(
      await repo.acquireLease(second, 'purge', 'dead-process', clock.now(), LEASE_TTL_MS),
    ).toBe(true);
    await repo.insertRun(second, 'purge', 'schedule', clock.now());
    const survivor = runner(database.db, [job.definition]);
    expect((await survivor.run('purge')).status).toBe('busy');
    clock.advance(LEASE_TTL_MS - 1);
    expect((await survivor.run('purge')).status).toBe('busy');
    clock.advance(1);
    const outcome = await survivor.run('purge');
    expect(outcome.status).toBe('success');
    const runs = await repo.recentRuns(database.db, 'purge', 5);
    expect(runs.map((r) => r.status).toSorted()).toEqual(['error', 'success']);
    expect(runs.find((r) => r.status === 'error')?.error).toMatch(/Interrupted/);
  });

  it('a failing job records its error and keeps its schedule', async () => {
    const failing: JobDefinition = {
      ...countingJob('purge', cron('0 6 * * *', NEW_YORK, 'daily')).definition,
      run: () => Promise.reject(new Error('disk full')),
    };
    const jobs = runner(database.db, [failing]);
    await jobs.ensureJobs();
    const outcome = await jobs.run('purge');
    expect(outcome.status).toBe('error');
    expect(outcome.status !== 'busy' && outcome.run.error).toBe('disk full');
    expect((await repo.findJobRow(database.db, 'purge'))?.next_run_at).toBe(
      Date.parse('2026-01-16T11:00:00Z'),
    );
  });

  it('the news refresh writes the morning briefing before 14:00 New York and the evening one after, on schedule and by hand', async () => {
    const briefings: Array<[BriefingSlot, string]> = [];
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: database.dataDir });
    const definitions = jobDefinitions(
      { config, db: database.db, log },
      {
        briefing: async (slot, now) => {
          briefings.push([slot, now.toISOString()]);
        },
      },
    ).filter((d) => d.name === 'news-refresh');
    const jobs = runner(database.db, definitions);
    await jobs.ensureJobs();
    clock.set(Date.parse('2026-01-15T13:00:00Z')); // 08:00 EST
    await jobs.tick();
    clock.set(Date.parse('2026-01-16T01:00:00Z')); // 20:00 EST
    await jobs.tick();
    clock.set(Date.parse('2026-07-15T17:30:00Z')); // 13:30 EDT, by hand
    const manual = await jobs.run('news-refresh');
    clock.set(Date.parse('2026-07-15T18:30:00Z')); // 14:30 EDT, by hand
    await jobs.run('news-refresh');
    expect(briefings).toEqual([
      ['morning', '2026-01-15T13:00:00.000Z'],
      ['evening', '2026-01-16T01:00:00.000Z'],
      ['morning', '2026-07-15T17:30:00.000Z'],
      ['evening', '2026-07-15T18:30:00.000Z'],
    ]);
    expect(manual.status !== 'busy' && manual.figures).toEqual({
      newItemsAdded: 0,
      sourcesFetched: 0,
      sourcesFailed: 0,
      slot: 'morning',
      briefing: true,
    });
  });
});

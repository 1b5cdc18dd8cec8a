// Runs the jobs: due ones on their schedule (tick), any one on demand (run).
// A job runs only while this process holds its lease row, so it never runs
// twice at once, across processes too; the lease is renewed while the run lasts
// and expires if the holder dies. Every run is recorded in job_runs.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/database';
import { systemClock, type Clock } from './clock';
import * as repo from './repository';
import { nextRunAt, scheduleKey } from './schedule';
import { JobFailure, type JobDefinition, type JobName } from './types';

export const LEASE_TTL_MS = 5 * 60_000;
const HEARTBEAT_MS = 60_000;
/** An adaptive job that cannot say when it runs next runs again this much later. */
const ADAPTIVE_FALLBACK_MS = 60 * 60_000;
/** How often the loop looks at the jobs table at most (others may change it). */
const MAX_SLEEP_MS = 15_000;

export type RunOutcome =
  { status: 'busy' } | { status: 'success' | 'error'; run: repo.JobRunRow; figures: repo.Figures };

export interface JobRunner {
  readonly clock: Clock;
  readonly definitions: readonly JobDefinition[];
  definition(name: string): JobDefinition | undefined;
  /** Creates missing job rows and recomputes next runs of changed schedules. */
  ensureJobs(): Promise<void>;
  /** Starts every enabled job that is due now; resolves when they finish. */
  tick(): Promise<void>;
  /** Runs one job now, unless it is running somewhere already. */
  run(name: JobName, trigger?: 'schedule' | 'manual'): Promise<RunOutcome>;
  setEnabled(name: JobName, enabled: boolean): Promise<void>;
  /** Names of jobs whose lease is held right now. */
  running(): Promise<Set<string>>;
  /** Starts the timer loop (JOBS_ENABLED). */
  start(): void;
  /** Stops the loop, asks running jobs to finish, waits for them. */
  stop(): Promise<void>;
}

export interface RunnerOptions {
  db: DB;
  log: FastifyBaseLogger;
  definitions: JobDefinition[];
  clock?: Clock;
  leaseTtlMs?: number;
}

export function createJobRunner(options: RunnerOptions): JobRunner {
  const { db, log, definitions } = options;
  const clock = options.clock ?? systemClock;
  const ttl = options.leaseTtlMs ?? LEASE_TTL_MS;
  const owner = randomBytes(8).toString('hex');
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const inFlight = new Map<string, Promise<RunOutcome>>();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let loopRunning = false;

  async function ensureJobs() {
    const now = clock.now();
    for (const def of definitions) {
      const key = scheduleKey(def.schedule);
      const row = await repo.ensureJobRow(
        db,
        {
          name: def.name,
          enabled: def.enabledByDefault,
          schedule: key,
          next_run_at: nextRunAt(def.schedule, now, null),
        },
        now,
      );
      if (row.schedule !== key || row.next_run_at === null) {
        const last = await repo.lastStartedAt(db, def.name);
        await repo.updateJobRow(
          db,
          def.name,
          { schedule: key, next_run_at: await plannedRun(def, now, last) },
          now,
        );
      }
    }
  }

  /** The next run of a job seen at `now`: its schedule's, or an adaptive job's own answer. */
  async function plannedRun(def: JobDefinition, now: number, last: number | null) {
    if (def.schedule.kind !== 'adaptive' || !def.nextRunAt || last === null)
      return nextRunAt(def.schedule, now, last);
    try {
      return await def.nextRunAt(now);
    } catch (err) {
      log.error({ err, job: def.name }, 'job could not plan its next run');
      return now + ADAPTIVE_FALLBACK_MS;
    }
  }

  /** The run itself, lease already held. */
  async function execute(def: JobDefinition, trigger: 'schedule' | 'manual'): Promise<RunOutcome> {
    const startedAt = clock.now();
    await repo.markInterrupted(db, def.name, startedAt);
    const runId = await repo.insertRun(db, def.name, trigger, startedAt);
    if (def.schedule.kind === 'interval') {
      // Any run restarts the interval: the next one is due a full interval later.
      await repo.updateJobRow(
        db,
        def.name,
        { next_run_at: startedAt + def.schedule.everyMs },
        startedAt,
      );
    }
    const heartbeat = setInterval(() => {
      repo
        .renewLease(db, def.name, owner, clock.now(), ttl)
        .catch((err: unknown) => log.warn({ err, job: def.name }, 'job lease renewal failed'));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    let figures: repo.Figures = {};
    let error: string | undefined;
    try {
      figures = await def.run({ now: new Date(startedAt), trigger, signal: abort.signal });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      // A job that reports its own failure has said why; anything else is logged with its stack.
      if (err instanceof JobFailure) figures = err.figures;
      else log.error({ err, job: def.name }, 'job failed');
    } finally {
      clearInterval(heartbeat);
    }
    const status = error === undefined ? 'success' : 'error';
    const finishedAt = clock.now();
    await repo.finishRun(db, runId, { status, finishedAt, figures, error });
    if (def.schedule.kind === 'adaptive') {
      // Planned once the run is over: what it found decides when it runs next.
      const next = await plannedRun(def, finishedAt, startedAt);
      await repo.updateJobRow(db, def.name, { next_run_at: next }, finishedAt);
    }
    const record = (await repo.findRun(db, runId))!;
    if (status === 'success') log.info({ job: def.name, trigger, status, figures }, 'job finished');
    else log.warn({ job: def.name, trigger, status, figures, error }, 'job failed');
    return { status, run: record, figures };
  }

  async function withLease(
    def: JobDefinition,
    body: () => Promise<RunOutcome>,
  ): Promise<RunOutcome> {
    if (!(await repo.acquireLease(db, def.name, owner, clock.now(), ttl)))
      return { status: 'busy' };
    try {
      return await body();
    } finally {
      await repo
        .releaseLease(db, def.name, owner)
        .catch((err: unknown) => log.warn({ err, job: def.name }, 'job lease release failed'));
    }
  }

  /** One run per process at a time; the lease covers other processes. */
  function track(name: string, work: () => Promise<RunOutcome>): Promise<RunOutcome> {
    if (inFlight.has(name)) return Promise.resolve({ status: 'busy' });
    const p = work().finally(() => inFlight.delete(name));
    inFlight.set(name, p);
    return p;
  }

  function run(name: JobName, trigger: 'schedule' | 'manual' = 'manual'): Promise<RunOutcome> {
    const def = byName.get(name);
    if (!def) throw new Error(`unknown job ${name}`);
    return track(name, () => withLease(def, () => execute(def, trigger)));
  }

  /** A scheduled run: after taking the lease, check it is still due (another process may have run it). */
  function runScheduled(def: JobDefinition): Promise<RunOutcome> {
    return track(def.name, () =>
      withLease(def, async () => {
        const now = clock.now();
        const row = await repo.findJobRow(db, def.name);
        if (!row?.enabled || row.next_run_at === null || row.next_run_at > now)
          return { status: 'busy' };
        if (def.schedule.kind === 'cron') {
          // Claimed before running: a crash mid-run waits for the next occurrence.
          await repo.updateJobRow(
            db,
            def.name,
            { next_run_at: nextRunAt(def.schedule, now, now) },
            now,
          );
        }
        return execute(def, 'schedule');
      }),
    );
  }

  async function dueNow(): Promise<{ due: JobDefinition[]; wakeAt: number }> {
    const now = clock.now();
    const rows = new Map((await repo.listJobRows(db)).map((r) => [r.name, r]));
    const due: JobDefinition[] = [];
    let wakeAt = now + MAX_SLEEP_MS;
    for (const def of definitions) {
      const row = rows.get(def.name);
      if (!row?.enabled || row.next_run_at === null) continue;
      if (row.next_run_at <= now) due.push(def);
      else wakeAt = Math.min(wakeAt, row.next_run_at);
    }
    return { due, wakeAt };
  }

  async function tick() {
    const { due } = await dueNow();
    await Promise.all(due.filter((d) => !inFlight.has(d.name)).map(runScheduled));
  }

  async function loop() {
    timer = null;
    if (abort.signal.aborted) return;
    let wakeAt = clock.now() + MAX_SLEEP_MS;
    try {
      const next = await dueNow();
      wakeAt = next.wakeAt;
      for (const def of next.due) {
        if (!inFlight.has(def.name))
          runScheduled(def).catch((err: unknown) =>
            log.error({ err, job: def.name }, 'job run failed'),
          );
      }
    } catch (err) {
      log.error({ err }, 'job loop failed');
    }
    if (abort.signal.aborted) return;
    timer = setTimeout(() => void loop(), Math.max(250, wakeAt - clock.now()));
    timer.unref();
  }

  return {
    clock,
    definitions,
    definition: (name) => byName.get(name as JobName),
    ensureJobs,
    tick,
    run,
    async setEnabled(name, enabled) {
      const def = byName.get(name);
      if (!def) throw new Error(`unknown job ${name}`);
      const now = clock.now();
      const changes: Parameters<typeof repo.updateJobRow>[2] = { enabled: enabled ? 1 : 0 };
      if (enabled) {
        // Re-enabled: the next occurrence from now, not one missed while it was off.
        const last = await repo.lastStartedAt(db, name);
        changes.next_run_at = Math.max(now, await plannedRun(def, now, last));
      }
      await repo.updateJobRow(db, name, changes, now);
    },
    async running() {
      return repo.heldLeases(db, clock.now());
    },
    start() {
      if (loopRunning) return;
      loopRunning = true;
      void loop();
    },
    async stop() {
      abort.abort();
      if (timer) clearTimeout(timer);
      await Promise.allSettled(inFlight.values());
    },
  };
}

// Every SQL statement of the job framework: job state, run history, leases.
import type { Selectable } from 'kysely';
import type { DB } from '../db/database';
import type { JobRunsTable, JobsTable } from '../db/tables';

export type JobRow = Selectable<JobsTable>;
export type JobRunRow = Selectable<JobRunsTable>;
export type Figures = Record<string, string | number | boolean | null>;

export async function listJobRows(db: DB): Promise<JobRow[]> {
  return db.selectFrom('jobs').selectAll().execute();
}

export async function findJobRow(db: DB, name: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Creates the job's row if missing; answers the stored row. */
export async function ensureJobRow(
  db: DB,
  row: { name: string; enabled: boolean; schedule: string; next_run_at: number | null },
  now: number,
): Promise<JobRow> {
  await db
    .insertInto('jobs')
    .values({ ...row, enabled: row.enabled ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await findJobRow(db, row.name))!;
}

export async function updateJobRow(
  db: DB,
  name: string,
  changes: Partial<Pick<JobRow, 'enabled' | 'schedule' | 'next_run_at'>>,
  now: number,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ ...changes, updated_at: now })
    .where('name', '=', name)
    .execute();
}

/** The last start of a job (any trigger), for interval schedules. */
export async function lastStartedAt(db: DB, name: string): Promise<number | null> {
  const row = await db
    .selectFrom('job_runs')
    .select('started_at')
    .where('job_name', '=', name)
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.started_at ?? null;
}

// Leases ---------------------------------------------------------------------

/** Takes (or renews) the job's lease; false while another owner holds an unexpired one. */
export async function acquireLease(
  db: DB,
  job: string,
  owner: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  await db
    .insertInto('job_leases')
    .values({ job_name: job, owner, expires_at: 0 })
    .onConflict((oc) => oc.column('job_name').doNothing())
    .execute();
  const result = await db
    .updateTable('job_leases')
    .set({ owner, expires_at: now + ttlMs })
    .where('job_name', '=', job)
    .where((eb) => eb.or([eb('owner', '=', owner), eb('expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Pushes our lease forward while a run lasts; false if it was lost. */
export async function renewLease(
  db: DB,
  job: string,
  owner: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ expires_at: now + ttlMs })
    .where('job_name', '=', job)
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseLease(db: DB, job: string, owner: string): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ expires_at: 0 })
    .where('job_name', '=', job)
    .where('owner', '=', owner)
    .execute();
}

/** Job names whose lease is held right now (by anyone). */
export async function heldLeases(db: DB, now: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('job_leases')
    .select('job_name')
    .where('expires_at', '>', now)
    .execute();
  return new Set(rows.map((r) => r.job_name));
}

// Runs -----------------------------------------------------------------------

export async function insertRun(
  db: DB,
  job: string,
  trigger: JobRunRow['trigger'],
  startedAt: number,
): Promise<number> {
  const row = await db
    .insertInto('job_runs')
    .values({ job_name: job, trigger, status: 'running', started_at: startedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(
  db: DB,
  id: number,
  outcome: { status: 'success' | 'error'; finishedAt: number; figures?: Figures; error?: string },
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({
      status: outcome.status,
      finished_at: outcome.finishedAt,
      figures: outcome.figures ? JSON.stringify(outcome.figures) : null,
      error: outcome.error ?? null,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Runs still marked running when we take the lease were left by a holder that
 * died mid-run (its lease expired): record them as interrupted.
 */
export async function markInterrupted(db: DB, job: string, now: number): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({ status: 'error', finished_at: now, error: 'Interrupted: the server stopped mid-run.' })
    .where('job_name', '=', job)
    .where('status', '=', 'running')
    .execute();
}

export async function findRun(db: DB, id: number): Promise<JobRunRow | undefined> {
  return db.selectFrom('job_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recentRuns(db: DB, job: string, limit: number): Promise<JobRunRow[]> {
  return db
    .selectFrom('job_runs')
    .selectAll()
    .where('job_name', '=', job)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The last run that finished (success or error). */
export async function lastFinishedRun(db: DB, job: string): Promise<JobRunRow | undefined> {
  return db
    .selectFrom('job_runs')
    .selectAll()
    .where('job_name', '=', job)
    .where('status', '!=', 'running')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Finished runs that started before `before`. */
export async function pruneRuns(db: DB, before: number): Promise<number> {
  const result = await db
    .deleteFrom('job_runs')
    .where('started_at', '<', before)
    .where('status', '!=', 'running')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

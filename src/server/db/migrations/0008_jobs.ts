// The job framework's state: each job's definition state (enabled, schedule,
// when it runs next), its run history, and one lease row per job so a job never
// runs twice at once, even across processes sharing one PostgreSQL database.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('next_run_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'integer', idColumn(pg))
    .addColumn('job_name', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('figures', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('job_runs_job_started')
    .on('job_runs')
    .columns(['job_name', 'started_at'])
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('job_name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}

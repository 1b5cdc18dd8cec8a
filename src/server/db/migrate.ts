// Forward-only migrations, listed in code so the bundled server carries them.
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { dialectOf, type DB } from './database';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_news_list_indexes';
import * as m0003 from './migrations/0003_app_meta';
import * as m0004 from './migrations/0004_item_counts_per_statement';
import * as m0005 from './migrations/0005_sqlite_delete_trigger';
import * as m0006 from './migrations/0006_item_content_hash';
import * as m0007 from './migrations/0007_avatar_public_ids';
import * as m0008 from './migrations/0008_jobs';
import * as m0009 from './migrations/0009_ai';
import * as m0010 from './migrations/0010_announcements';
import * as m0011 from './migrations/0011_user_email_changed';
import * as m0012 from './migrations/0012_own_briefings';
import * as m0013 from './migrations/0013_reading';
import * as m0014 from './migrations/0014_search_by_time';
import * as m0015 from './migrations/0015_sync';
import * as m0016 from './migrations/0016_launches';
import * as m0017 from './migrations/0017_place';
import * as m0018 from './migrations/0018_sky_calendar';
import * as m0019 from './migrations/0019_topics';
import * as m0020 from './migrations/0020_stories';
import * as m0021 from './migrations/0021_alerts';
import * as m0022 from './migrations/0022_site_icons';

const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_news_list_indexes': m0002,
  '0003_app_meta': m0003,
  '0004_item_counts_per_statement': m0004,
  '0005_sqlite_delete_trigger': m0005,
  '0006_item_content_hash': m0006,
  '0007_avatar_public_ids': m0007,
  '0008_jobs': m0008,
  '0009_ai': m0009,
  '0010_announcements': m0010,
  '0011_user_email_changed': m0011,
  '0012_own_briefings': m0012,
  '0013_reading': m0013,
  '0014_search_by_time': m0014,
  '0015_sync': m0015,
  '0016_launches': m0016,
  '0017_place': m0017,
  '0018_sky_calendar': m0018,
  '0019_topics': m0019,
  '0020_stories': m0020,
  '0021_alerts': m0021,
  '0022_site_icons': m0022,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Migrates up to and including the named migration (tests of a later migration's data changes). */
export async function migrateUpTo(db: DB, name: string): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: DB,
  run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>,
): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one;
  // on PostgreSQL pin it to ours, or a neighbour's tables (another suite, another
  // app on the same database) make it skip creating its own.
  const migrationTableSchema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

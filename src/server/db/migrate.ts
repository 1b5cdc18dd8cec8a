// Forward-only migrations, listed in code so the bundled server carries them.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './database';
import * as m0001 from './migrations/0001_initial';
import * as m0003 from './migrations/0003_app_meta';

const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0003_app_meta': m0003,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

// Test databases: a fresh SQLite file per suite, and, when TEST_DATABASE_URL is
// set, a fresh PostgreSQL schema per suite so suites never see each other's rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DB, type Dialect } from '../../src/server/db/database';
import { migrateToLatest, migrateUpTo } from '../../src/server/db/migrate';
import { runSchemaPrefix } from './pg-schemas';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** The dialects every database suite runs against. */
export const dialects: Dialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  db: DB;
  dialect: Dialect;
  dataDir: string;
  /** Options to open a second connection to the same database (e.g. for the app). */
  options: Parameters<typeof openDatabase>[0];
  destroy(): Promise<void>;
}

export async function createTestDatabase(
  dialect: Dialect,
  /** Stop after this migration (a test of the next one's data changes); default: all. */
  upTo?: string,
): Promise<TestDatabase> {
  const migrate = (db: DB) => (upTo ? migrateUpTo(db, upTo) : migrateToLatest(db));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-test-'));
  if (dialect === 'sqlite') {
    const options = { dialect: 'sqlite' as const, file: path.join(dataDir, 'astrodash.db') };
    const { db } = openDatabase(options);
    await migrate(db);
    return {
      db,
      dialect,
      dataDir,
      options,
      async destroy() {
        await db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `${runSchemaPrefix()}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const options = { dialect: 'postgres' as const, url: TEST_DATABASE_URL, schema, poolSize: 5 };
  const { db } = openDatabase(options);
  await migrate(db);
  return {
    db,
    dialect,
    dataDir,
    options,
    // The schema is dropped when the run ends (pg-schemas.ts), not here.
    async destroy() {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

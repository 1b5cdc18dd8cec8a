// One Kysely interface over two dialects: embedded SQLite (default) and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './checkpointer';
import { cachingStatements } from './statement-cache';
import type { Database } from './tables';

export type DB = Kysely<Database>;
export type Tx = Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

export type DatabaseOptions =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string; schema?: string; poolSize?: number };

// int8 (bigint) and numeric come back as strings from pg by default; our
// timestamps and counts fit comfortably in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function openDatabase(options: DatabaseOptions): { db: DB; dialect: Dialect } {
  if (options.dialect === 'sqlite') {
    fs.mkdirSync(path.dirname(options.file), { recursive: true });
    const database = new SQLite(options.file);
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    database.pragma('cache_size = -65536');
    database.pragma('temp_store = MEMORY');
    database.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    const checkpointer = startCheckpointer(options.file);
    const close = database.close.bind(database);
    database.close = () => {
      void checkpointer.stop();
      return close();
    };
    return {
      db: new Kysely<Database>({
        dialect: new SqliteDialect({ database: cachingStatements(database) }),
      }),
      dialect: 'sqlite',
    };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // A schema per test suite keeps parallel suites apart on one database.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    dialect: 'postgres',
  };
}

/**
 * The dialect behind a Kysely instance or transaction, for code that gets only
 * `db` (migrations, repositories): the one place that tells them apart.
 */
export function dialectOf<T>(db: Kysely<T>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Current time in epoch milliseconds; one place, so tests can reason about it. */
export const now = () => Date.now();

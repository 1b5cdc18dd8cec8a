// One Kysely interface over two dialects: embedded SQLite (default) and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import pg from 'pg';
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

/**
 * Every SQLite transaction takes the write lock when it begins. More than one
 * connection writes (the server's and the ingestion thread's), and a deferred
 * transaction that reads first cannot take the lock later if another
 * connection committed in between: SQLite answers SQLITE_BUSY at once instead
 * of waiting out busy_timeout. Every transaction here writes, so nothing is lost.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How each database opened here was opened, so another thread can open its own connection (ingestion's). */
const openedWith = new WeakMap<DB, DatabaseOptions>();

/** The options `db` was opened with; null for an in-memory SQLite database, which no other connection can share. */
export const databaseOptionsOf = (db: DB): DatabaseOptions | null => openedWith.get(db) ?? null;

/** The SQLite file `db` was opened on; null for PostgreSQL or an in-memory database. */
export const sqliteFileOf = (db: DB): string | null => {
  const options = openedWith.get(db);
  return options?.dialect === 'sqlite' ? options.file : null;
};

export interface ConnectionRole {
  /**
   * A helper's connection (the ingestion thread's): a smaller page cache, since
   * it only writes new items and reads the few rows it compares them with.
   */
  helper?: boolean;
}

export function openDatabase(
  options: DatabaseOptions,
  { helper = false }: ConnectionRole = {},
): { db: DB; dialect: Dialect } {
  if (options.dialect === 'sqlite') {
    fs.mkdirSync(path.dirname(options.file), { recursive: true });
    const database = new SQLite(options.file);
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    database.pragma(helper ? 'cache_size = -8192' : 'cache_size = -65536');
    database.pragma('temp_store = MEMORY');
    // The WAL is checkpointed by SQLite itself (every 1,000 pages), by the connection whose
    // commit crosses that: during a refresh, the ingestion thread's (bench/README.md).
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: cachingStatements(database) }),
    });
    if (options.file !== ':memory:' && options.file !== '')
      openedWith.set(db, { dialect: 'sqlite', file: path.resolve(options.file) });
    return { db, dialect: 'sqlite' };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    // A schema per test suite keeps parallel suites apart on one database.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  openedWith.set(db, options);
  return { db, dialect: 'postgres' };
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

// A consistent copy of the SQLite database while the server keeps running.
// VACUUM INTO reads inside one transaction, so the copy is a snapshot of one
// moment (WAL mode lets the server keep writing meanwhile), compacted, and a
// complete database file on its own (no -wal to carry along). It is written
// next to the target and renamed into place, so FILE is never half-written.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config';

export class BackupError extends Error {}

export const PG_DUMP_HINT =
  'This AstroDash uses PostgreSQL: back it up with pg_dump, e.g.\n' +
  '  pg_dump --format=custom --file=astrodash.dump "$DATABASE_URL"\n' +
  'and restore with pg_restore --clean --dbname="$DATABASE_URL" astrodash.dump';

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
}

export function backupSqlite(source: string, target: string): BackupResult {
  const startedAt = Date.now();
  const file = path.resolve(target);
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}`);
  if (path.resolve(source) === file)
    throw new BackupError('The backup cannot overwrite the database itself');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  fs.rmSync(partial, { force: true });
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(partial);
  } finally {
    db.close();
  }
  const check = new SQLite(partial, { readonly: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok')
      throw new BackupError(`The copy failed its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
  fs.renameSync(partial, file);
  return { file, bytes: fs.statSync(file).size, ms: Date.now() - startedAt };
}

/** Backs up the configured database to `target`. */
export function backupDatabase(config: Config, target: string): BackupResult {
  if (config.database.dialect === 'postgres') throw new BackupError(PG_DUMP_HINT);
  return backupSqlite(config.database.file, target);
}

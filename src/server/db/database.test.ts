import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFileOf } from './database';

describe('SQLite connections', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-db-'));
  const file = path.join(dir, 'test.db');
  const { db } = openDatabase({ dialect: 'sqlite', file });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('begins every transaction holding the write lock, so a second writer cannot slip in', async () => {
    await sql`create table t (n integer)`.execute(db);
    const other = new SQLite(file);
    other.pragma('busy_timeout = 0');
    try {
      await db.transaction().execute(async () => {
        // Nothing read or written yet: a deferred BEGIN would not hold the lock.
        expect(() => other.prepare('insert into t values (1)').run()).toThrow(/locked|busy/i);
      });
      other.prepare('insert into t values (2)').run();
      const rows = await sql<{ n: number }>`select n from t`.execute(db);
      expect(rows.rows).toEqual([{ n: 2 }]);
    } finally {
      other.close();
    }
  });

  it('knows the file behind a database, for connections of its own', () => {
    expect(sqliteFileOf(db)).toBe(path.resolve(file));
    const memory = openDatabase({ dialect: 'sqlite', file: ':memory:' }).db;
    expect(sqliteFileOf(memory)).toBeNull();
    void memory.destroy();
  });
});

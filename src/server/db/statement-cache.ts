// Prepared statements reused across queries on SQLite.
//
// Kysely's SQLite driver prepares every query it runs, and compiling the SQL
// costs more than running it for the small lookups most requests make (the
// session, the list cache's version): about a third of a cached list call. The
// queries come from a few hundred builder shapes with their values bound as
// parameters, so the same texts recur and one compiled statement per text
// serves them all. Safe because the driver runs one query at a time on its one
// connection and drains each statement (all, run, or a stream it holds the
// connection through) before the next; a schema change makes SQLite recompile
// the statement on its next run.
import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LruMap } from '../lru-map';

/** Texts kept compiled; beyond it the least recently used is finalised by the GC. */
export const STATEMENT_CACHE_SIZE = 500;

export function cachingStatements(
  database: Database,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { cachedStatements(): number } {
  const statements = new LruMap<string, Statement>({ maxEntries: size });
  return {
    prepare(text: string) {
      const hit = statements.get(text);
      if (hit) return hit;
      const statement = database.prepare(text);
      statements.set(text, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
    cachedStatements: () => statements.size,
  };
}

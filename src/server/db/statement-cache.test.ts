import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { expect, it } from 'vitest';
import { cachingStatements } from './statement-cache';

interface Tables {
  t: { id: number; name: string };
}

function open(size?: number) {
  const raw = new SQLite(':memory:');
  const database = cachingStatements(raw, size);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
  return { raw, database, db };
}

/** Table t with rows (i, 'n' + i) for i below `rows`. */
async function tableOf(db: ReturnType<typeof open>['db'], rows: number) {
  await db.schema.createTable('t').addColumn('id', 'integer').addColumn('name', 'text').execute();
  for (let i = 0; i < rows; i++)
    await db
      .insertInto('t')
      .values({ id: i, name: `n${i}` })
      .execute();
}

it('compiles each query text once and binds new values to it', async () => {
  const { raw, database, db } = open();
  let prepared = 0;
  const prepare = raw.prepare.bind(raw);
  raw.prepare = (text: string) => {
    prepared++;
    return prepare(text);
  };
  await tableOf(db, 50);
  const byId = (id: number) =>
    db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst();
  expect(await byId(7)).toEqual({ name: 'n7' });
  expect(await byId(42)).toEqual({ name: 'n42' });
  expect(await byId(99)).toBeUndefined();
  // create table, insert, select: three texts however many times they ran
  expect(prepared).toBe(3);
  expect(database.cachedStatements()).toBe(3);
  await db.destroy();
  expect(raw.open).toBe(false);
});

it('sees a changed schema, and evicts the least recently used text beyond its size', async () => {
  const { database, db } = open(2);
  await db.schema.createTable('t').addColumn('id', 'integer').addColumn('name', 'text').execute();
  await db.insertInto('t').values({ id: 1, name: 'a' }).execute();
  const all = () => sql<Record<string, unknown>>`SELECT * FROM t`.execute(db);
  expect((await all()).rows).toEqual([{ id: 1, name: 'a' }]);
  await sql`ALTER TABLE t ADD COLUMN extra TEXT DEFAULT 'x'`.execute(db);
  expect((await all()).rows).toEqual([{ id: 1, name: 'a', extra: 'x' }]);
  expect(database.cachedStatements()).toBe(2);
  await db.destroy();
});

it('lets a streamed select finish before the same text runs again', async () => {
  const { db } = open();
  await tableOf(db, 5);
  const query = () => db.selectFrom('t').select('id').orderBy('id');
  const streamed: number[] = [];
  const again = (async () => (await query().execute()).map((r) => r.id))();
  for await (const row of query().stream()) streamed.push(row.id);
  expect(streamed).toEqual([0, 1, 2, 3, 4]);
  expect(await again).toEqual([0, 1, 2, 3, 4]);
  await db.destroy();
});

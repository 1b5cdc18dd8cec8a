// PostgreSQL test schemas are dropped once, when the whole run ends, never while
// other suites run. Kysely's migrator lists the tables of every schema on the
// database, asking pg_get_serial_sequence() about each column; a suite dropping
// its schema meanwhile made a neighbour's migration fail with 'column "name" of
// relation "api_passwords" does not exist' (one run in four on 2 cores).
// Schemas carry the run's id (TEST_RUN_ID, set in vitest.config.ts), so two runs
// on one database leave each other's schemas alone.
import pg from 'pg';

/** The prefix of this run's schemas: `t_<run>_`. */
export const runSchemaPrefix = () => `t_${process.env.TEST_RUN_ID ?? 'local'}_`;

/** Vitest's global setup: returns the teardown that drops this run's schemas. */
export default function setup() {
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)`,
        [runSchemaPrefix()],
      );
      for (const { name } of rows) await client.query(`DROP SCHEMA "${name}" CASCADE`);
    } finally {
      await client.end();
    }
  };
}

// Anywhere on Earth (issue 28): a place by latitude and longitude beside the spec's
// US ZIP code, with the name and IANA time zone resolved offline when it is set, and
// the weather units the user chose (null: by the place, °F/mph for a ZIP, else metric).
// A user has at most one place: setting a ZIP clears the coordinates and the reverse.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('latitude', 'double precision').execute();
  await db.schema.alterTable('users').addColumn('longitude', 'double precision').execute();
  await db.schema.alterTable('users').addColumn('place_name', 'text').execute();
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
  await db.schema.alterTable('users').addColumn('units', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}

// Sites' icons for reader apps (the Fever API's favicons): one row per site
// origin a source belongs to, written by the `site-icons` job. `data` is what
// Fever sends, "image/png;base64,…"; null when the site has no icon we take,
// so it is asked again only after a while.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database';
import { idColumn } from './helpers';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_icons')
    .addColumn('id', 'integer', idColumn(dialectOf(db) === 'postgres'))
    .addColumn('origin', 'text', (c) => c.notNull().unique())
    .addColumn('data', 'text')
    .addColumn('fetched_at', 'bigint', (c) => c.notNull())
    .execute();
}

// Briefings for a user's own news query belong to that user (issue 23): they go
// to a personal built-in source, one per user, which this unique index keeps
// single when two first queries race. Briefings written before this change sat
// in the shared source where every user saw them: the query briefings (their
// owner was never recorded) and the "No matching story" ones go.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('news_sources_own_briefings')
    .on('news_sources')
    .column('user_id')
    .unique()
    .where(sql.ref('built_in'), '=', 1)
    .execute();
  const shared = db
    .selectFrom('news_sources')
    .select('id')
    .where('built_in', '=', 1)
    .where('user_id', 'is', null);
  await db
    .deleteFrom('news_items')
    .where('source_id', 'in', shared)
    .where((eb) =>
      eb.or([eb('extra', 'like', '{"briefing":{"query":%'), eb('extra', 'like', '%"matched":0}}')]),
    )
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}

// Shared by the sources and OPML API suites.
import type { DB } from '../../src/server/db/database';

/** Gives a user `count` personal sources straight in the database (for limit tests). */
export async function insertPersonalSources(db: DB, userId: number, count: number): Promise<void> {
  const at = Date.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Bulk ${i}`,
    url: `https://bulk.example/${userId}/${i}`,
    url_key: `http://bulk.example/${userId}/${i}`,
    source_type: 'rss' as const,
    user_id: userId,
    created_at: at,
    updated_at: at,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('news_sources')
      .values(rows.slice(i, i + 200))
      .execute();
}

// Re-normalises stored items whose title or summary text still holds markup or
// entities (stored before a sanitiser fix, or double-escaped by their feed).
// Idempotent: only rows that actually change are written and counted.
import type { DB } from '../../db/database';
import { isVisibleTo } from '../../sources/visibility';
import { TITLE_MAX } from '../parse/normalize';
import { htmlToText } from '../parse/sanitize';

const BATCH = 500;
const ENTITY = /&(#\d{1,8}|#x[0-9a-f]{1,8}|[a-z][a-z0-9]{1,31});/i;

/** A tag (an opener with a ">" after it) or an entity; linear (no `[^>]*` retried per "<"). */
function hasMarkup(text: string): boolean {
  const open = text.search(/<[a-z!/]/i);
  return (open >= 0 && text.includes('>', open)) || ENTITY.test(text);
}

const cleanTitle = (title: string) => htmlToText(title).slice(0, TITLE_MAX) || title;

/** Cleans the items of the sources `userId` can see; answers how many items changed. */
export async function cleanupItems(db: DB, userId: number): Promise<number> {
  let processed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('news_items')
      .innerJoin('news_sources', 'news_sources.id', 'news_items.source_id')
      .select([
        'news_items.id',
        'news_items.title',
        'news_items.summary',
        'news_items.summary_text',
      ])
      .where(isVisibleTo(userId))
      .where('news_items.id', '>', afterId)
      .where((eb) =>
        eb.or([
          eb('news_items.title', 'like', '%<%'),
          eb('news_items.title', 'like', '%&%;%'),
          eb('news_items.summary_text', 'like', '%<%'),
          eb('news_items.summary_text', 'like', '%&%;%'),
        ]),
      )
      .orderBy('news_items.id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return processed;
    afterId = rows[rows.length - 1].id;
    const now = Date.now();
    for (const row of rows) {
      if (!hasMarkup(row.title) && !hasMarkup(row.summary_text)) continue;
      const title = cleanTitle(row.title);
      const summaryText = htmlToText(row.summary_text);
      if (title === row.title && summaryText === row.summary_text) continue;
      await db
        .updateTable('news_items')
        .set({ title, summary_text: summaryText, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      processed++;
    }
  }
}

// Who sees which sources: default sources the user has not switched off, and
// the user's own personal sources; never another user's. One place, used by the
// feed list, the fetch call and the sources listing.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/tables';

/** WHERE clause on `news_sources` for sources a user may see (switched-off defaults included). */
export function isVisibleTo(userId: number) {
  return (eb: ExpressionBuilder<Database, 'news_sources'>) =>
    eb.or([eb('news_sources.user_id', 'is', null), eb('news_sources.user_id', '=', userId)]);
}

/** WHERE clause for sources whose items belong in the user's feed: visible, enabled, not switched off. */
export function isActiveFor(userId: number) {
  return (eb: ExpressionBuilder<Database, 'news_sources'>) =>
    eb.and([
      isVisibleTo(userId)(eb),
      eb('news_sources.is_enabled', '=', 1),
      eb.not(
        eb.exists(
          eb
            .selectFrom('source_preferences')
            .select(sql`1`.as('one'))
            .whereRef('source_preferences.source_id', '=', 'news_sources.id')
            .where('source_preferences.user_id', '=', userId)
            .where('source_preferences.is_enabled', '=', 0),
        ),
      ),
    ]);
}

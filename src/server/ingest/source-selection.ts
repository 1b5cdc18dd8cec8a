// Which sources the scheduled jobs fetch: every active one (news refresh), or
// every active one of a type (the launch schedule).
import type { DB } from '../db/database';
import type { SourceType } from '../../shared/constants';
import { SOURCE_COLUMNS } from './pipeline';

export async function activeSources(db: DB, sourceType?: SourceType) {
  let query = db
    .selectFrom('news_sources')
    .select([...SOURCE_COLUMNS])
    .where('is_enabled', '=', 1)
    .where('built_in', '=', 0); // AI Briefings are written, never fetched
  if (sourceType) query = query.where('source_type', '=', sourceType);
  return query.orderBy('id').execute();
}

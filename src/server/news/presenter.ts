// Feed rows (snake_case, epoch ms, 0/1) to the API's NewsItem.
import { ITEM_TYPES, type ItemType, type SourceType } from '../../shared/constants';
import type { LaunchChip } from '../../shared/launches';
import type { TopicRef } from '../../shared/topics';
import type { NewsItem, TypedExtra } from '../../shared/types';
import { sanitizeExtra } from './extra';
import type { FeedRow } from './repository';

function parseExtra(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? sanitizeExtra(value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The type and its details, paired. The JSON was written at ingestion from the
 * fetcher's typed output for this very source type (shared/item-extra.ts).
 */
function typedExtra(
  sourceType: SourceType | null,
  extra: Record<string, unknown> | null,
): TypedExtra {
  if (sourceType === null) return { sourceType: null, extra: null };
  return { sourceType, extra };
}

/** Ingestion writes only known types; anything else reads as an article. */
const asItemType = (t: string): ItemType => ITEM_TYPES.find((known) => known === t) ?? 'article';

/** The caller's state of one item (reading/); unread and not saved unless told. */
export interface ItemState {
  isRead: boolean;
  isSaved: boolean;
}
const NO_STATE: ItemState = { isRead: false, isSaved: false };

/** What ingestion derived for an item, read beside its row (each defaults to none). */
export interface ItemDerived {
  /** Its space topics (topics/). */
  topics?: TopicRef[];
  /** Its story (stories/); alone, the item's own. */
  story?: { id: string; sourceCount: number };
  /** The launch it is about (launches/), for its chip. */
  launch?: LaunchChip;
}

export function toNewsItem(
  row: FeedRow,
  state: ItemState = NO_STATE,
  derived: ItemDerived = {},
): NewsItem {
  const { topics = [], story = { id: String(row.id), sourceCount: 1 }, launch } = derived;
  const fields = {
    id: String(row.id),
    title: row.title,
    summary: row.summary,
    summaryText: row.summary_text,
    content: row.content,
    imageUrl: row.image_url,
    url: row.url,
    publishedAt: new Date(row.published_at).toISOString(),
    fetchedAt: new Date(row.fetched_at).toISOString(),
    itemType: asItemType(row.item_type),
    isBreaking: Boolean(row.is_breaking),
    engagementScore: row.engagement_score,
    sourceId: String(row.source_id),
    sourceName: row.source_name ?? null,
    author: row.author,
    isRead: state.isRead,
    isSaved: state.isSaved,
    topics,
    story,
    ...(launch ? { launch } : {}),
  };
  return Object.assign(fields, typedExtra(row.source_type, parseExtra(row.extra)));
}

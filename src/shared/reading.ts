// Read and saved state, reading preferences and private feeds (issue 25): the
// request bodies (zod) and answers, shared by the server and the web app.
import { z } from 'zod';

/** Most stories one filtered mark-all-read marks (a type, breaking or search filter). */
export const MARK_ALL_FILTERED_MAX = 10_000;
/** Most ids one mark-read call takes. */
export const MARK_READ_MAX_IDS = 1000;
export const READ_STATUSES = ['unread', 'read', 'all'] as const;
export type ReadStatus = (typeof READ_STATUSES)[number];
export const MARK_READ_POLICIES = ['opened', 'scrolled', 'manual'] as const;
export type MarkReadPolicy = (typeof MARK_READ_POLICIES)[number];
export const PRIVATE_FEED_KINDS = ['saved', 'briefings', 'filtered'] as const;
export type PrivateFeedKind = (typeof PRIVATE_FEED_KINDS)[number];
/** Most private feeds one user may hold. */
export const PRIVATE_FEEDS_MAX = 20;

export const ITEM_NOT_FOUND = 'News item not found';
export const SOURCE_NOT_FOUND = 'Source not found';
export const PRIVATE_FEED_NOT_FOUND = 'Private feed not found';
export const TOO_MANY_PRIVATE_FEEDS = `You can have at most ${PRIVATE_FEEDS_MAX} private feeds`;

/** An item or source id: the list's string ids, or numbers. */
const itemId = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^[1-9]\d{0,15}$/, message))
    .transform(Number);

export const markReadSchema = z.object({
  itemIds: z
    .array(itemId('Item IDs must be numbers'), { error: 'itemIds must be a list of item IDs' })
    .min(1, 'itemIds must not be empty')
    .max(MARK_READ_MAX_IDS, `At most ${MARK_READ_MAX_IDS} items at a time`),
  read: z.boolean({ error: 'read must be true or false' }),
});

export const markAllReadSchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    /** Only this source (else every source in the feed). */
    sourceId: itemId('Invalid source ID').optional(),
    /** Only this item and those published before it (the feed's order), else everything. */
    before: itemId('Invalid item ID').optional(),
    /**
     * The dashboard's filters (the list call's names): only the stories the feed
     * shows with them are marked. Without a type, breaking or search filter every
     * matching source is marked through its watermark; with one, at most
     * MARK_ALL_FILTERED_MAX stories.
     */
    filters: z.lazy(() => privateFeedFiltersSchema).optional(),
  }),
);
export type MarkAllReadInput = z.infer<typeof markAllReadSchema>;

export const saveSchema = z.object({
  itemId: itemId('Invalid item ID'),
  saved: z.boolean({ error: 'saved must be true or false' }),
});

export const readingPreferencesSchema = z.object({
  markReadPolicy: z
    .enum(MARK_READ_POLICIES, { error: 'Mark-read policy must be opened, scrolled or manual' })
    .optional(),
  keyboardShortcuts: z.boolean({ error: 'keyboardShortcuts must be true or false' }).optional(),
});

/** The dashboard filters a "filtered" private feed applies (the list call's names). */
export const privateFeedFiltersSchema = z
  .object({
    sourceIds: z
      .array(z.string().regex(/^\d{1,16}$/, 'Invalid source ID'))
      .max(1000)
      .optional(),
    itemType: z.string().max(32).optional(),
    isBreaking: z.boolean().optional(),
    searchTerm: z.string().trim().min(2).max(200).optional(),
    includeBlueSky: z.boolean().optional(),
  })
  .strict();
export type PrivateFeedFilters = z.infer<typeof privateFeedFiltersSchema>;

export const createPrivateFeedSchema = z.object({
  kind: z.enum(PRIVATE_FEED_KINDS, { error: 'Kind must be saved, briefings or filtered' }),
  filters: privateFeedFiltersSchema.optional(),
});

export const deletePrivateFeedSchema = z.object({ id: itemId('Invalid private feed ID') });

export interface MarkReadResponse {
  /** Items whose state changed. */
  changed: number;
}
export interface MarkAllReadResponse {
  /** Items that were unread and now are read. */
  marked: number;
}
export interface SaveResponse {
  itemId: string;
  isSaved: boolean;
}
export interface UnreadCountsResponse {
  total: number;
  bySource: Record<string, number>;
}
export interface PrivateFeed {
  id: number;
  kind: PrivateFeedKind;
  filters: PrivateFeedFilters | null;
  createdAt: string;
  lastUsedAt: string | null;
}
/** The answer to a create: the URL is shown this once (only its token's hash is stored). */
export interface CreatedPrivateFeed {
  id: number;
  url: string;
}
export interface PrivateFeedsResponse {
  feeds: PrivateFeed[];
}

// Stories (issue 29): the calls around the feed's "one story once".
import { z } from 'zod';

export const STORY_ITEM_NOT_FOUND = 'News item not found';
export const NOT_IN_A_STORY = 'This item is not grouped with other sources';

export const splitStorySchema = z.object({
  itemId: z
    .union([z.string(), z.number()], { error: 'Invalid item ID' })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^[1-9]\d{0,15}$/, 'Invalid item ID'))
    .transform(Number),
});

export interface SplitStoryResponse {
  itemId: string;
  /** The item's story now: its own. */
  storyId: string;
}

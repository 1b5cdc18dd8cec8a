// The launches the iCal subscription carries. Until the launches store (issue
// 27's src/server/launches/) lands, they are read here, in this one function, from
// what exists today: the items of the rocket-launch sources the user has in their
// feed, whose `extra` holds the launch window (ingest/fetchers/launch-items.ts).
// The item's dedupe key is the Launch Library id, which a launch keeps when its
// date moves, so its calendar UID stays the same.
import { z } from 'zod';
import type { DB } from '../db/database';
import { isActiveFor } from '../sources/visibility';

export interface CalendarLaunch {
  /** Launch Library id. */
  id: string;
  name: string;
  /** NET / window open, epoch ms. */
  at: number;
  windowEnd: number | null;
  url: string;
  provider: string | null;
  pad: string | null;
  location: string | null;
  status: string | null;
}

const extraSchema = z
  .object({
    net: z.string().nullish(),
    windowStart: z.string().nullish(),
    windowEnd: z.string().nullish(),
    provider: z.string().nullish(),
    pad: z.string().nullish(),
    location: z.string().nullish(),
    status: z.string().nullish(),
  })
  .catch({});

const parseTime = (v: string | null | undefined) => {
  const t = v ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? null : t;
};

/** Launches (at most 200) whose window opens in [from, to), earliest first. */
export async function launchesBetween(
  db: DB,
  userId: number,
  from: number,
  to: number,
): Promise<CalendarLaunch[]> {
  const rows = await db
    .selectFrom('news_items')
    .innerJoin('news_sources', 'news_sources.id', 'news_items.source_id')
    .where('news_sources.source_type', '=', 'rocket_launch')
    .where(isActiveFor(userId))
    .where('news_items.published_at', '>=', from)
    .where('news_items.published_at', '<', to)
    .orderBy('news_items.published_at')
    .limit(200)
    .select([
      'news_items.dedupe_key',
      'news_items.title',
      'news_items.url',
      'news_items.published_at',
      'news_items.extra',
    ])
    .execute();
  return rows.map((r) => {
    let extra: z.infer<typeof extraSchema> = {};
    try {
      extra = extraSchema.parse(r.extra ? JSON.parse(r.extra) : {});
    } catch {
      // unreadable details: the item's own time and title still make an entry
    }
    return {
      id: r.dedupe_key,
      name: r.title,
      at: parseTime(extra.net) ?? parseTime(extra.windowStart) ?? r.published_at,
      windowEnd: parseTime(extra.windowEnd),
      url: r.url,
      provider: extra.provider ?? null,
      pad: extra.pad ?? null,
      location: extra.location ?? null,
      status: extra.status ?? null,
    };
  });
}

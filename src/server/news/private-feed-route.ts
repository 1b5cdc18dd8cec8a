// GET /feeds/<token>.atom: a private feed, no cookie needed. The token is the key;
// an unknown or revoked one answers 404. Answers carry an ETag (a hash of the
// document) and an If-None-Match that matches gets a 304.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newsListQuerySchema } from '../../shared/schemas';
import type { NewsItem } from '../../shared/types';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { conditional } from '../http/conditional';
import { badRequest, notFound } from '../http/errors';
import { publicOrigin } from '../http/host-guard';
import { listNews } from './list';
import { toNewsItem } from './presenter';
import { findItemsByIds, inOrder } from './repository';
import { SearchCache } from './search-cache';
import { isActiveFor } from '../sources/visibility';
import { renderAtom } from './atom';
import { feedPath, findByToken, parseFilters, touchFeed } from '../reading/private-feeds';
import { itemStates } from '../reading/list-filter';

export const FEED_DAYS_DEFAULT = 7;
export const FEED_ENTRIES_DEFAULT = 400;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^([A-Za-z0-9_-]{43})\.atom$/;

const feedQuery = z.object({
  days: z.coerce
    .number({ error: 'days must be an integer from 1 to 30' })
    .int('days must be an integer from 1 to 30')
    .min(1, 'days must be an integer from 1 to 30')
    .max(30, 'days must be an integer from 1 to 30')
    .default(FEED_DAYS_DEFAULT),
  limit: z.coerce
    .number({ error: 'limit must be an integer from 1 to 400' })
    .int('limit must be an integer from 1 to 400')
    .min(1, 'limit must be an integer from 1 to 400')
    .max(FEED_ENTRIES_DEFAULT, 'limit must be an integer from 1 to 400')
    .default(FEED_ENTRIES_DEFAULT),
});

const TITLES = {
  saved: 'AstroDash: Saved stories',
  briefings: 'AstroDash: AI Briefings',
  filtered: 'AstroDash: Dashboard',
} as const;

async function withState(db: DB, userId: number, ids: number[]): Promise<NewsItem[]> {
  const rows = inOrder(ids, await findItemsByIds(db, ids));
  const states = await itemStates(db, userId, rows);
  return rows.map((r) => toNewsItem(r, states.get(r.id)));
}

async function savedItems(db: DB, userId: number, since: number, limit: number) {
  const rows = await db
    .selectFrom('reading_items')
    .where('user_id', '=', userId)
    .where('is_saved', '=', 1)
    .where('saved_at', '>=', since)
    .orderBy('saved_at', 'desc')
    .orderBy('item_id', 'desc')
    .limit(limit)
    .select('item_id')
    .execute();
  return withState(
    db,
    userId,
    rows.map((r) => r.item_id),
  );
}

async function briefingItems(db: DB, userId: number, since: number, limit: number) {
  const rows = await db
    .selectFrom('news_items')
    .innerJoin('news_sources', 'news_sources.id', 'news_items.source_id')
    .where('news_sources.built_in', '=', 1)
    .where(isActiveFor(userId) as never)
    .where('news_items.published_at', '>=', since)
    .orderBy('news_items.published_at', 'desc')
    .orderBy('news_items.id', 'desc')
    .limit(limit)
    .select('news_items.id')
    .execute();
  return withState(
    db,
    userId,
    rows.map((r) => r.id),
  );
}

/** The dashboard's list with the feed's filters, newest first, page after page. */
async function filteredItems(
  ctx: AppContext,
  cache: SearchCache,
  userId: number,
  filtersText: string | null,
  since: number,
  limit: number,
) {
  const parsed = newsListQuerySchema.safeParse({ ...parseFilters(filtersText), pageSize: 100 });
  if (!parsed.success) return [];
  const items: NewsItem[] = [];
  let query = parsed.data;
  while (items.length < limit) {
    const page = await listNews(
      {
        db: ctx.db,
        dialect: ctx.dialect,
        searchCache: cache,
        hotHours: ctx.config.stories.hotHours,
        searchCountLimit: ctx.config.searchCountLimit,
      },
      userId,
      query,
    );
    const fresh = page.items.filter((i) => Date.parse(i.publishedAt) >= since);
    items.push(...fresh);
    if (fresh.length < page.items.length || !page.pagination.nextCursor) break;
    query = { ...query, cursor: page.pagination.nextCursor };
  }
  return items.slice(0, limit);
}

export function privateFeedServer(ctx: AppContext) {
  const cache = new SearchCache();
  return async function servePrivateFeed(request: FastifyRequest, reply: FastifyReply) {
    const match = TOKEN.exec((request.params as { file?: string }).file ?? '');
    const feed = match ? await findByToken(ctx.db, match[1]) : undefined;
    if (!match || !feed) throw notFound('Feed not found');
    const parsed = feedQuery.safeParse(request.query);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid query');
    const { days, limit } = parsed.data;
    const now = Date.now();
    const since = now - days * DAY_MS;
    const items =
      feed.kind === 'saved'
        ? await savedItems(ctx.db, feed.user_id, since, limit)
        : feed.kind === 'briefings'
          ? await briefingItems(ctx.db, feed.user_id, since, limit)
          : await filteredItems(ctx, cache, feed.user_id, feed.filters, since, limit);
    const origin = publicOrigin(ctx.config, request);
    const kind = feed.kind as keyof typeof TITLES;
    const body = renderAtom({
      id: `urn:astrodash:private-feed:${feed.id}`,
      title: TITLES[kind] ?? TITLES.saved,
      selfUrl: `${origin}${feedPath(match[1])}`,
      siteUrl: `${origin}/`,
      items,
    });
    // At most one write a minute per feed, however often a reader polls.
    if (feed.last_used_at === null || now - feed.last_used_at > 60_000)
      await touchFeed(ctx.db, feed.id, now);
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    return conditional(request, reply, body, 'application/atom+xml; charset=utf-8');
  };
}

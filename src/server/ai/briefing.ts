// News briefings: an item of the built-in "AI Briefings" source that sums up the
// matching stored stories, with links to them.
//   Morning/evening (the spec's two fixed queries, or the scheduler): the stories
//   of the last 12 hours / of the New York day; one item per (New York date, slot),
//   so a second run in the same window rewrites it.
//   Any other query: a full-text search over the asker's stories, newest first,
//   one item per query text, written to the asker's own "My AI Briefings"
//   source: nobody else sees it.
// Morning and evening briefings are shown to every user, so they read the
// default sources only: nobody's personal sources leak into them. They take one
// bullet per story (issue 29): the Hot view's ranking first (stories carried by
// the most sources in the window), then single stories, breaking first.
// A briefing with no matching story is not stored: the call says so and the
// feed stays as it was.
import { format } from 'date-fns';
import { EVENING_NEWS_QUERY, MORNING_NEWS_QUERY } from '../../shared/constants';
import type { AppContext } from '../context';
import { storeBuiltInItem } from '../ingest/built-in-item';
import { aiProvider } from './index';
import { createLocalProvider, storyExtract } from './local';
import { newYorkClock, slotAt, startOfNewYorkDay, type BriefingSlot } from './ny-time';
import {
  BRIEFING_SOURCE_URL,
  ensureBriefingSource,
  ensureOwnBriefingSource,
  loadStories,
  sourcesInScope,
  windowCandidates,
  type Story,
} from './repository';
import { findStories } from './retrieval';
import { forgetSummary } from './summaries';
import { hotStories, primariesOf } from '../stories/hot';
import { storyKeysOf } from '../stories/list-filter';

export type BriefingContext = Pick<AppContext, 'config' | 'db' | 'dialect' | 'log'>;

export interface BriefingResult {
  itemId: string;
  title: string;
  /** Stories the briefing covers (0: none matched, nothing was stored and itemId is ''). */
  matched: number;
  /** True when an existing briefing (same window or same query) was rewritten. */
  updated: boolean;
}

const MAX_STORIES = 10;
/** Window candidates read before ranking (breaking first, then engagement, then newest). */
const WINDOW_CANDIDATES = 500;
const TWELVE_HOURS = 12 * 3600_000;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function windowStories(ctx: BriefingContext, since: number, until: number): Promise<Story[]> {
  const sourceIds = await sourcesInScope(ctx.db, { defaultsOnly: true });
  if (sourceIds.length === 0) return [];
  // Stories several sources carried, most sources first, each by its primary.
  const hot = (await hotStories(ctx.db, sourceIds, since))
    .filter((h) => h.latestAt <= until)
    .slice(0, MAX_STORIES);
  const primaries = await primariesOf(
    ctx.db,
    hot.map((h) => h.storyId),
    sourceIds,
  );
  const top = hot.flatMap((h) => primaries.get(h.storyId) ?? []);
  const taken = new Set(hot.map((h) => h.storyId));
  const rows = (
    await windowCandidates(ctx.db, sourceIds, since, until, WINDOW_CANDIDATES)
  ).toSorted(
    (a, b) =>
      b.is_breaking - a.is_breaking ||
      b.engagement_score - a.engagement_score ||
      b.published_at - a.published_at,
  );
  const storyOf = await storyKeysOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    if (top.length >= MAX_STORIES) break;
    const story = storyOf.get(r.id) ?? r.id;
    if (taken.has(story)) continue;
    taken.add(story);
    top.push(r.id);
  }
  const stories = await loadStories(ctx.db, top);
  return stories.toSorted((a, b) => top.indexOf(a.id) - top.indexOf(b.id));
}

async function overview(ctx: BriefingContext, query: string, stories: Story[]): Promise<string> {
  if (stories.length === 0) return '';
  try {
    return await aiProvider(ctx.config).brief({ query, stories });
  } catch (err) {
    // A scheduled briefing still lists its stories when the model is down.
    ctx.log.warn({ err }, 'briefing overview from the model failed; using the local one');
    return createLocalProvider().brief({ query, stories });
  }
}

function briefingHtml(intro: string, stories: Story[]): string {
  const items = stories.map((s) => {
    const meta = [s.sourceName, format(new Date(s.publishedAt), 'MMM d, yyyy')]
      .filter(Boolean)
      .join(', ');
    const extract = storyExtract(s);
    return `<li><a href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a> (${escapeHtml(meta)})${
      extract ? `<br>${escapeHtml(extract)}` : ''
    }</li>`;
  });
  return `<p>${escapeHtml(intro)}</p>${items.length ? `<ul>${items.join('')}</ul>` : ''}`;
}

async function writeItem(
  ctx: BriefingContext,
  source: () => Promise<number>,
  key: string,
  title: string,
  query: string,
  stories: Story[],
  now: number,
  extra: Record<string, unknown>,
): Promise<BriefingResult> {
  // Nothing to tell: no item, so no empty briefing tops anyone's feed.
  if (stories.length === 0) return { itemId: '', title, matched: 0, updated: false };
  const sourceId = await source();
  const intro = await overview(ctx, query, stories);
  const stored = await storeBuiltInItem(
    ctx.db,
    sourceId,
    {
      key,
      url: stories[0]?.url ?? BRIEFING_SOURCE_URL,
      title,
      // The card shows the summary as plain text: the overview, then the stories' titles.
      summaryHtml: `<p>${escapeHtml(intro)}</p><p>In this briefing: ${escapeHtml(
        stories.map((s) => s.title).join('; '),
      )}.</p>`,
      contentHtml: briefingHtml(intro, stories),
      publishedAt: now,
      author: 'AstroDash',
      extra: { briefing: { ...extra, matched: stories.length } },
    },
    { baseUrl: BRIEFING_SOURCE_URL, now },
  );
  if (!stored.added) await forgetSummary(ctx, stored.id); // its text changed
  return { itemId: String(stored.id), title, matched: stories.length, updated: !stored.added };
}

/**
 * The morning or evening briefing for the window `now` falls in. The scheduler
 * calls this at 08:00 and 20:00 New York time; a second call in the same
 * window rewrites that window's briefing.
 */
export async function writeBriefing(
  ctx: BriefingContext,
  { slot, now }: { slot: BriefingSlot; now: Date },
): Promise<BriefingResult> {
  const at = now.getTime();
  const { date } = newYorkClock(at);
  const since = slot === 'morning' ? at - TWELVE_HOURS : startOfNewYorkDay(at);
  const stories = await windowStories(ctx, since, at);
  const day = format(new Date(`${date}T12:00:00Z`), 'MMM d, yyyy');
  const title = `${slot === 'morning' ? 'Morning' : 'Evening'} briefing: ${day}`;
  const query = slot === 'morning' ? MORNING_NEWS_QUERY : EVENING_NEWS_QUERY;
  const source = () => ensureBriefingSource(ctx.db);
  return writeItem(ctx, source, `briefing:${date}:${slot}`, title, query, stories, at, {
    slot,
    date,
  });
}

const normalizeQuery = (q: string) => q.trim().replace(/\s+/g, ' ');

/**
 * POST /_api/news/query: the fixed queries write the current window's shared
 * briefing; any other query a briefing titled by the query, from the user's own
 * feed, that only this user sees.
 */
export async function answerNewsQuery(
  ctx: BriefingContext,
  userId: number,
  rawQuery: string,
  now = new Date(),
): Promise<BriefingResult> {
  const query = normalizeQuery(rawQuery);
  if (query === MORNING_NEWS_QUERY || query === EVENING_NEWS_QUERY)
    return writeBriefing(ctx, { slot: slotAt(now.getTime()), now });
  const found = await findStories(ctx.db, ctx.dialect, { userId }, query, MAX_STORIES);
  const stories = found.toSorted((a, b) => b.publishedAt - a.publishedAt || b.id - a.id);
  const source = () => ensureOwnBriefingSource(ctx.db, userId);
  return writeItem(
    ctx,
    source,
    `query:${query.toLowerCase()}`,
    query,
    query,
    stories,
    now.getTime(),
    {
      query,
    },
  );
}

/** The jobs' news-refresh dependency, `deps.briefing(slot, now)`: wire it as `briefing: briefingForJobs(ctx)`. */
export const briefingForJobs =
  (ctx: BriefingContext) =>
  (slot: BriefingSlot, now: Date): Promise<BriefingResult> =>
    writeBriefing(ctx, { slot, now });

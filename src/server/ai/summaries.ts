// POST /_api/news/summarize: one summary per news item, made from the stored
// item (never from text the client sent), stored and shared: the second request
// for an item, by anyone, reads the table and costs nothing.
import type { AppContext } from '../context';
import { HttpError, notFound } from '../http/errors';
import { parseId } from '../http/parse-id';
import { fetchArticleText } from './article';
import { aiProvider } from './index';
import type { AiProvider } from './provider';
import { deleteSummary, findSummary, findVisibleItem, insertSummary } from './repository';
import { capText } from './sentences';
import { CARD_SUMMARY_CHARS } from '../../shared/constants';

export type SummaryContext = Pick<AppContext, 'config' | 'db' | 'log'>;

export const SUMMARY_MESSAGES = {
  notFound: 'News item not found.',
  tooShort: 'This story has too little text to summarise.',
} as const;

/** Stored text shorter than this sends us to the article's page for more. */
export const SHORT_TEXT_CHARS = 1_000;
/** Less than this is not worth summarising. */
const MIN_TEXT_CHARS = 50;
/** Text handed to a provider at most. */
const MAX_INPUT_CHARS = 40_000;

/** The item, if the user may see it (a default source or one of their own). */
async function visibleItem(ctx: SummaryContext, userId: number, rawId: string) {
  const item = await findVisibleItem(ctx.db, userId, parseId(rawId, SUMMARY_MESSAGES.notFound));
  if (!item) throw notFound(SUMMARY_MESSAGES.notFound);
  return item;
}

/** The text to summarise: the stored content (else summary), or the article page when that is short. */
async function sourceText(
  ctx: SummaryContext,
  item: { url: string; summary_text: string; content_text: string | null },
): Promise<string> {
  const stored =
    item.content_text && item.content_text.length >= item.summary_text.length
      ? item.content_text
      : item.summary_text;
  if (stored.length >= SHORT_TEXT_CHARS || !/^https?:\/\//i.test(item.url)) return stored;
  const page = await fetchArticleText(ctx.config, item.url);
  return page && page.length > stored.length ? page : stored;
}

/** What a card shows of the item beside its summary (the web's truncate(), without '...'). */
const cardPreview = (summaryText: string) =>
  summaryText
    .slice(0, CARD_SUMMARY_CHARS * 4)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CARD_SUMMARY_CHARS);

/** Summaries being made right now: a second request for the same item waits for the first. */
const inFlight = new Map<number, Promise<string>>();

async function makeSummary(
  ctx: SummaryContext,
  provider: AiProvider,
  item: {
    id: number;
    title: string;
    url: string;
    summary_text: string;
    content_text: string | null;
  },
): Promise<string> {
  const text = capText(await sourceText(ctx, item), MAX_INPUT_CHARS);
  if (text.length < MIN_TEXT_CHARS) throw new HttpError(422, SUMMARY_MESSAGES.tooShort);
  const summary = (
    await provider.summarize({ title: item.title, text, shown: cardPreview(item.summary_text) })
  ).trim();
  if (!summary) throw new HttpError(422, SUMMARY_MESSAGES.tooShort);
  await insertSummary(ctx.db, {
    itemId: item.id,
    summary,
    provider: provider.name,
    at: Date.now(),
  });
  // Another instance may have stored one first: everyone gets the same summary.
  return (await findSummary(ctx.db, item.id)) ?? summary;
}

export interface SummarizeOptions {
  /** Called only when a summary must be made (rate limits count real work). */
  beforeWork?: () => Promise<void>;
}

export async function summarizeItem(
  ctx: SummaryContext,
  userId: number,
  rawId: string,
  options: SummarizeOptions = {},
): Promise<string> {
  const item = await visibleItem(ctx, userId, rawId);
  const cached = await findSummary(ctx.db, item.id);
  if (cached) return cached;
  let pending = inFlight.get(item.id);
  if (!pending) {
    await options.beforeWork?.();
    pending = inFlight.get(item.id); // another request may have started it meanwhile
  }
  if (!pending) {
    pending = makeSummary(ctx, aiProvider(ctx.config), item).finally(() =>
      inFlight.delete(item.id),
    );
    inFlight.set(item.id, pending);
  }
  return pending;
}

/** Forgets an item's summary (its text changed: a briefing was rewritten). */
export const forgetSummary = (ctx: Pick<AppContext, 'db'>, itemId: number) =>
  deleteSummary(ctx.db, itemId);

// The Spaceflight News API (SNAPI, The Space Devs) article list, v4: a JSON
// document an rss or custom source may point at (…/v4/articles/). Read with
// zod like every JSON upstream; each article becomes an item whose `extra`
// keeps its news site and the Launch Library 2 ids SNAPI lists under
// `launches[].launch_id`, from which the launch links are made (launches/).
// Recorded payload: test/fixtures/recorded/snapi-v4-articles.json.
import { z } from 'zod';
import type { FetchedItem } from '../types';
import { escapeHtml, resolveUrl } from './util';

const text = z
  .string()
  .transform((s) => s.trim() || null)
  .nullish()
  .catch(null)
  .transform((v) => v ?? null);

const LAUNCH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const Article = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string().trim().min(1),
  url: z.string().trim().min(1),
  image_url: text,
  news_site: text,
  summary: text,
  published_at: text,
  launches: z
    .array(z.object({ launch_id: z.string() }).catch({ launch_id: '' }))
    .optional()
    .catch(undefined),
});

/** A v4 list: `results` of articles, each with a news site and a publication time. */
const ArticleList = z.object({
  results: z.array(z.unknown()),
});

const looksLikeArticles = (results: unknown[]) =>
  results.length > 0 &&
  results.every(
    (r) => typeof r === 'object' && r !== null && 'news_site' in r && 'published_at' in r,
  );

/** The items of a SNAPI article list; null when the document is not one. */
export function snapiItems(document: unknown): FetchedItem[] | null {
  const list = ArticleList.safeParse(document);
  if (!list.success || !looksLikeArticles(list.data.results)) return null;
  const items: FetchedItem[] = [];
  for (const raw of list.data.results) {
    const parsed = Article.safeParse(raw);
    if (!parsed.success) continue;
    const a = parsed.data;
    const url = resolveUrl(a.url);
    if (!url) continue;
    const launchIds = [
      ...new Set(
        (a.launches ?? [])
          .map((l) => l.launch_id.trim().toLowerCase())
          .filter((id) => LAUNCH_ID.test(id)),
      ),
    ].slice(0, 20);
    items.push({
      guid: `snapi:${a.id}`,
      url,
      title: a.title,
      summaryHtml: a.summary ? `<p>${escapeHtml(a.summary)}</p>` : null,
      imageUrl: resolveUrl(a.image_url),
      author: a.news_site,
      publishedAt: a.published_at,
      itemType: 'article',
      extra: { newsSite: a.news_site, launchIds },
    });
  }
  return items;
}

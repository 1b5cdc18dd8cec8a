// The Google Reader API's JSON shapes, as Miniflux and FreshRSS answer them and
// as NetNewsWire, Reeder and ReadYou read them.
import type { NewsItem } from '../../../shared/types';
import { siteUrlOf } from '../../sources/presenter';
import type { Subscription, SyncView } from '../labels';
import { READ, READING_LIST, STARRED, feedId, labelId, longItemId } from './ids';

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** An item of stream/items/contents and stream/contents. */
export function contentItem(item: NewsItem, view: SyncView) {
  const sourceId = Number(item.sourceId);
  const sub = view.visible.get(sourceId);
  const html = item.content ?? item.summary;
  const published = Date.parse(item.publishedAt);
  return {
    id: longItemId(Number(item.id)),
    crawlTimeMsec: String(Date.parse(item.fetchedAt)),
    timestampUsec: String(published * 1000),
    published: Math.floor(published / 1000),
    updated: seconds(item.publishedAt),
    title: item.title,
    author: item.author ?? '',
    categories: [
      READING_LIST,
      ...(sub?.labels ?? []).map(labelId),
      ...(item.isRead ? [READ] : []),
      ...(item.isSaved ? [STARRED] : []),
    ],
    canonical: [{ href: item.url }],
    alternate: [{ href: item.url, type: 'text/html' }],
    // NetNewsWire reads the summary, others the content: both carry the full
    // sanitised HTML (as stored at ingestion).
    summary: { direction: 'ltr', content: html },
    content: { direction: 'ltr', content: html },
    origin: {
      streamId: feedId(sourceId),
      title: item.sourceName ?? sub?.source.name ?? '',
      htmlUrl: sub ? siteUrlOf(sub.source.url, sub.source.sourceType) : '',
    },
    ...(item.imageUrl ? { enclosure: [{ href: item.imageUrl, type: 'image' }] } : {}),
  };
}

export function contentsBody(
  items: NewsItem[],
  view: SyncView,
  stream: { id: string; title: string; self: string },
  continuation: string | null,
) {
  return {
    direction: 'ltr',
    id: stream.id,
    title: stream.title,
    self: [{ href: stream.self }],
    updated: Math.floor(Date.now() / 1000),
    items: items.map((i) => contentItem(i, view)),
    ...(continuation ? { continuation } : {}),
  };
}

/** A subscription; `iconUrl` is its site's icon (sync/site-icons.ts), absolute, or ''. */
export function subscriptionBody(sub: Subscription, iconUrl = '') {
  return {
    id: feedId(sub.id),
    title: sub.source.name,
    categories: sub.labels.map((label) => ({ id: labelId(label), label, type: 'folder' })),
    url: sub.source.url,
    htmlUrl: siteUrlOf(sub.source.url, sub.source.sourceType),
    iconUrl,
  };
}

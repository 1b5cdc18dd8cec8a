// reader/atom/<stream>: a stream as Google Reader's Atom, which older clients
// read instead of the JSON (newsboat's Google Reader backends fetch each feed
// this way, with n, xt and c). Each entry's categories in Google's scheme carry
// its state: "read", or "fresh" when unread, which newsboat applies to its own
// copy; a continuation element points at the next page.
import type { NewsItem } from '../../../shared/types';
import { conditional } from '../../http/conditional';
import { xmlText } from '../../news/atom';
import { loadItems } from '../items';
import { syncView, type SyncView } from '../labels';
import type { Call } from './call';
import { FRESH, READ, READING_LIST, STARRED, feedId, labelId, longItemId } from './ids';
import { applyTargets, pageOf, selectStream } from './streams';

const SCHEME = 'http://www.google.com/reader/';

const category = (term: string) =>
  `<category term="${xmlText(term)}" scheme="${SCHEME}" label="${xmlText(term.slice(term.lastIndexOf('/') + 1))}"/>`;

function entry(item: NewsItem, view: SyncView): string {
  const sub = view.visible.get(Number(item.sourceId));
  const html = item.content ?? item.summary;
  return [
    `<entry gr:crawl-timestamp-msec="${Date.parse(item.fetchedAt)}">`,
    `<id gr:original-id="${xmlText(item.url)}">${longItemId(Number(item.id))}</id>`,
    category(READING_LIST),
    category(item.isRead ? READ : FRESH),
    item.isSaved ? category(STARRED) : '',
    ...(sub?.labels ?? []).map((l) => category(labelId(l))),
    `<title type="text">${xmlText(item.title)}</title>`,
    `<published>${item.publishedAt}</published>`,
    `<updated>${item.publishedAt}</updated>`,
    `<link rel="alternate" href="${xmlText(item.url)}" type="text/html"/>`,
    html ? `<content type="html">${xmlText(html)}</content>` : '',
    `<author><name>${xmlText(item.author ?? item.sourceName ?? 'AstroDash')}</name></author>`,
    `<source gr:stream-id="${feedId(Number(item.sourceId))}"><id>${xmlText(`tag:google.com,2005:reader/${feedId(Number(item.sourceId))}`)}</id><title type="text">${xmlText(item.sourceName ?? '')}</title></source>`,
    '</entry>',
  ].join('');
}

export async function atomStream(call: Call) {
  const userId = call.caller.user.id;
  const view = await syncView(call.ctx.db, userId);
  const stream = call.rest || READING_LIST;
  const selection = applyTargets(call, view, selectStream(view, stream, userId));
  const { page, continuation } = await pageOf(call, selection, { fallback: 20, max: 1000 });
  const items = await loadItems(
    call.ctx.db,
    userId,
    view,
    page.items.map((i) => i.id),
  );
  const updated = items.reduce(
    (latest, i) => (i.fetchedAt > latest ? i.fetchedAt : latest),
    new Date(0).toISOString(),
  );
  const self = `${call.request.protocol}://${call.request.host}${call.request.url}`;
  const body = [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/">',
    '<generator>AstroDash</generator>',
    `<id>${xmlText(`tag:google.com,2005:reader/${stream}`)}</id>`,
    `<title type="text">${xmlText(selection.title)}</title>`,
    continuation ? `<gr:continuation>${continuation}</gr:continuation>` : '',
    `<link rel="self" href="${xmlText(self)}"/>`,
    `<updated>${updated}</updated>`,
    ...items.map((i) => entry(i, view)),
    '</feed>\n',
  ].join('');
  return conditional(call.request, call.reply, body, 'application/atom+xml; charset=utf-8');
}

// Streams: which items a stream id and its filters (xt, it, ot, nt, r, n, c)
// name, read through news/ (the fetch-time order) and reading/ (the state).
import type { ReadStatus } from '../../../shared/reading';
import { badRequest, notFound } from '../../http/errors';
import { decodeCursor, encodeCursor } from '../../news/cursor';
import { streamItemIds, type StreamPage, type StreamQuery } from '../../news/stream';
import { sourcesOfLabel, type SyncView } from '../labels';
import { intParam, type Call } from './call';
import { MAX_ID, parseStream, type Stream } from './ids';

export const NOT_A_STREAM = 'Unknown stream';
export const FEED_NOT_FOUND = 'Feed not found';
export const LABEL_NOT_FOUND = 'Label not found';

/** The sources and state a stream selects, before the request's filters. */
export interface Selection {
  sourceIds: number[];
  status: ReadStatus;
  saved?: boolean;
  /** Nothing can match (a state AstroDash does not keep, contradicting filters). */
  empty?: boolean;
  title: string;
}

function feedSources(view: SyncView, stream: Extract<Stream, { kind: 'feed' }>): number[] {
  const found =
    stream.feedId !== null
      ? view.visible.get(stream.feedId)
      : [...view.visible.values()].find((s) => s.source.url === stream.url);
  if (!found) throw notFound(FEED_NOT_FOUND);
  return [found.id];
}

/** What a stream id selects; an unknown feed or label is a 404, anything else a 400. */
export function selectStream(view: SyncView, raw: string | undefined, userId: number): Selection {
  const stream = raw === undefined ? null : parseStream(raw, userId);
  if (!stream) throw badRequest(NOT_A_STREAM);
  const all = view.subscriptions.map((s) => s.id);
  switch (stream.kind) {
    case 'reading-list':
      return { sourceIds: all, status: 'all', title: 'Reading List' };
    case 'read':
      return { sourceIds: all, status: 'read', title: 'Read' };
    case 'starred':
      return { sourceIds: all, status: 'all', saved: true, title: 'Starred' };
    // AstroDash keeps read or unread, not why: kept-unread and fresh are the unread ones.
    case 'kept-unread':
    case 'fresh':
      return { sourceIds: all, status: 'unread', title: 'Unread' };
    case 'other-state':
      return { sourceIds: [], status: 'all', empty: true, title: stream.name };
    case 'feed': {
      const sourceIds = feedSources(view, stream);
      return { sourceIds, status: 'all', title: view.visible.get(sourceIds[0])!.source.name };
    }
    case 'label': {
      const sourceIds = sourcesOfLabel(view, stream.name);
      if (sourceIds.length === 0) throw notFound(LABEL_NOT_FOUND);
      return { sourceIds, status: 'all', title: stream.name };
    }
  }
}

const withStatus = (sel: Selection, status: 'read' | 'unread'): Selection =>
  sel.status !== 'all' && sel.status !== status ? { ...sel, empty: true } : { ...sel, status };

/** The request's include (it) and exclude (xt) targets applied to the stream's selection. */
export function applyTargets(call: Call, view: SyncView, selection: Selection): Selection {
  let sel = selection;
  const userId = call.caller.user.id;
  for (const raw of call.params.all('xt')) {
    const target = parseStream(raw, userId);
    if (!target) throw badRequest(`Unknown exclude target: ${raw}`);
    if (target.kind === 'read') sel = withStatus(sel, 'unread');
    else if (target.kind === 'kept-unread' || target.kind === 'fresh')
      sel = withStatus(sel, 'read');
    else if (target.kind === 'starred')
      sel = sel.saved === true ? { ...sel, empty: true } : { ...sel, saved: false };
    else if (target.kind === 'feed' || target.kind === 'label') {
      const out = new Set(selectStream(view, raw, userId).sourceIds);
      sel = { ...sel, sourceIds: sel.sourceIds.filter((id) => !out.has(id)) };
    }
  }
  for (const raw of call.params.all('it')) {
    const target = parseStream(raw, userId);
    if (!target) throw badRequest(`Unknown include target: ${raw}`);
    if (target.kind === 'read') sel = withStatus(sel, 'read');
    else if (target.kind === 'kept-unread' || target.kind === 'fresh')
      sel = withStatus(sel, 'unread');
    else if (target.kind === 'starred')
      sel = sel.saved === false ? { ...sel, empty: true } : { ...sel, saved: true };
    else if (target.kind === 'feed' || target.kind === 'label') {
      const keep = new Set(selectStream(view, raw, userId).sourceIds);
      sel = { ...sel, sourceIds: sel.sourceIds.filter((id) => keep.has(id)) };
    } else if (target.kind === 'other-state') sel = { ...sel, empty: true };
  }
  return sel;
}

/** Seconds (ot, nt) to milliseconds; absent or 0 is no bound. */
function timeBound(call: Call, name: string): number | undefined {
  const seconds = intParam(call, name, 0, 0, 10_000_000_000);
  return seconds > 0 ? seconds * 1000 : undefined;
}

/** One page of the selection, with the request's order, size, time bounds and continuation. */
export async function pageOf(
  call: Call,
  selection: Selection,
  limits: { fallback: number; max: number },
): Promise<{ page: StreamPage; continuation: string | null }> {
  const order = call.params.get('r') === 'o' ? 'asc' : 'desc';
  // A continuation is the cursor, and after a dot the snapshot it was cut from.
  const [c, snapshot] = (call.params.get('c') ?? '').split('.', 2);
  const after = c ? decodeCursor(c, 'fetchedAt', order) : undefined;
  if (after && (after.id < 0 || after.id > MAX_ID)) throw badRequest('Invalid cursor');
  const query: StreamQuery = {
    sourceIds: selection.empty ? [] : selection.sourceIds,
    status: selection.status,
    saved: selection.saved,
    since: timeBound(call, 'ot'),
    until: timeBound(call, 'nt'),
    order,
    limit: intParam(call, 'n', limits.fallback, 1, limits.max),
    after,
    snapshot: snapshot && /^[A-Za-z0-9_-]{16}$/.test(snapshot) ? snapshot : undefined,
  };
  const page = await streamItemIds(
    { db: call.ctx.db, dialect: call.ctx.dialect, snapshots: call.snapshots },
    call.caller.user.id,
    query,
  );
  return {
    page,
    continuation: page.next
      ? `${encodeCursor('fetchedAt', order, page.next)}${page.snapshot ? `.${page.snapshot}` : ''}`
      : null,
  };
}

// Changes to items: edit-tag (read, kept-unread, starred = saved) and
// mark-all-as-read, through the reading module's own calls.
import { HttpError, badRequest } from '../../http/errors';
import { markRead, markReadFetchedBefore, saveItem } from '../../reading/state';
import { visibleIds } from '../items';
import { syncView } from '../labels';
import { isEditToken } from '../tokens';
import { itemIdParams, type Call } from './call';
import { parseStream } from './ids';
import { BAD_TOKEN_HEADER, ok } from './reply';
import { selectStream } from './streams';

/** Most items one edit-tag names (NetNewsWire sends 1,000 at a time). */
export const EDIT_MAX = 1_000;
export const LABELS_ON_ITEMS =
  'Labels here are folders of subscriptions: move the subscription instead (subscription/edit)';

/**
 * The edit token, when a client sends one, must be this password's: a stale one
 * is 401 with the bad-token header, and the client fetches a fresh one. Clients
 * that send none (or Reeder's "x") are let through, as FreshRSS does: requests
 * are authorised by their Authorization header, which no other site can send.
 */
export async function checkEditToken(call: Call): Promise<void> {
  const t = call.params.get('T')?.trim();
  if (!t || t === 'x') return;
  if (!(await isEditToken(call.ctx.db, call.caller.password, t)))
    throw new HttpError(401, 'The edit token (T) is not valid: fetch a new one', {
      [BAD_TOKEN_HEADER]: 'true',
    });
}

interface TagChanges {
  read?: boolean;
  saved?: boolean;
}

function tagChanges(call: Call): TagChanges {
  const changes: TagChanges = {};
  const set = (key: keyof TagChanges, value: boolean) => {
    if (changes[key] !== undefined && changes[key] !== value)
      throw badRequest(`Contradictory changes to ${key === 'read' ? 'read' : 'starred'}`);
    changes[key] = value;
  };
  const userId = call.caller.user.id;
  for (const [param, adding] of [
    ['a', true],
    ['r', false],
  ] as const) {
    for (const raw of call.params.all(param)) {
      const tag = parseStream(raw, userId);
      if (!tag) throw badRequest(`Unknown tag: ${raw.slice(0, 80)}`);
      if (tag.kind === 'read') set('read', adding);
      else if (tag.kind === 'kept-unread') set('read', !adding);
      else if (tag.kind === 'starred') set('saved', adding);
      else if (tag.kind === 'label') throw badRequest(LABELS_ON_ITEMS);
      // fresh, tracking-kept-unread, broadcast, like: states AstroDash does not keep.
    }
  }
  return changes;
}

export async function editTag(call: Call) {
  await checkEditToken(call);
  const ids = itemIdParams(call, 'change', EDIT_MAX);
  const changes = tagChanges(call);
  if (changes.read === undefined && changes.saved === undefined)
    throw badRequest('Give a tag to add (a) or remove (r)');
  const { db } = call.ctx;
  const userId = call.caller.user.id;
  // An item purged since the app saw it (or not the user's) is passed over:
  // one such id must not fail the whole batch, which the app would resend forever.
  const visible = await visibleIds(db, userId, ids);
  if (visible.length && changes.read !== undefined)
    await markRead(db, userId, visible, changes.read);
  if (changes.saved !== undefined)
    for (const id of visible) await saveItem(db, userId, id, changes.saved);
  return ok(call.reply);
}

/** `ts` as clients send it: microseconds (Google's unit), else milliseconds or seconds. */
function timestampMs(raw: string | undefined): number {
  if (!raw || raw === '0') return Date.now();
  if (!/^\d{1,19}$/.test(raw)) throw badRequest('ts must be a timestamp');
  const n = Number(raw);
  if (n >= 1e14) return Math.floor(n / 1000);
  if (n >= 1e11) return n;
  return n * 1000;
}

/** Everything in a feed, a label or the reading list fetched before `ts` (default now) is read. */
export async function markAllAsRead(call: Call) {
  await checkEditToken(call);
  const stream = call.params.get('s');
  const userId = call.caller.user.id;
  const parsed = stream === undefined ? null : parseStream(stream, userId);
  if (!parsed || !['reading-list', 'feed', 'label'].includes(parsed.kind))
    throw badRequest('Give a feed, a label or the reading list (s)');
  const before = timestampMs(call.params.get('ts')?.trim());
  const view = await syncView(call.ctx.db, userId);
  const { sourceIds } = selectStream(view, stream, userId);
  await markReadFetchedBefore(call.ctx.db, userId, sourceIds, before + 1);
  return ok(call.reply);
}

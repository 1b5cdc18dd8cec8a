// Google Reader item and stream ids. Items go out as the long form
// (tag:google.com,2005:reader/item/<16 hex digits>) in contents and as decimal
// strings in id lists; they come back in every form clients send: long (padded
// or not, NetNewsWire drops the zeros), 16 hex digits alone (Reeder), decimal.
export const ITEM_PREFIX = 'tag:google.com,2005:reader/item/';
export const STATE_PREFIX = 'user/-/state/com.google/';
export const LABEL_PREFIX = 'user/-/label/';
export const READING_LIST = `${STATE_PREFIX}reading-list`;
export const READ = `${STATE_PREFIX}read`;
export const STARRED = `${STATE_PREFIX}starred`;
export const FRESH = `${STATE_PREFIX}fresh`;

/** Row ids are 32-bit integers on PostgreSQL: anything above is not one of ours. */
export const MAX_ID = 2_147_483_647;

export const longItemId = (id: number) => `${ITEM_PREFIX}${id.toString(16).padStart(16, '0')}`;

/** An item id in any form clients send, or null. */
export function parseItemId(raw: string): number | null {
  const value = raw.trim();
  let id: number;
  if (value.startsWith(ITEM_PREFIX)) {
    const hex = value.slice(ITEM_PREFIX.length);
    if (!/^[0-9a-fA-F]{1,16}$/.test(hex)) return null;
    id = parseInt(hex, 16);
  } else if (/^[0-9a-fA-F]{16}$/.test(value)) {
    id = parseInt(value, 16);
  } else if (/^\d{1,16}$/.test(value)) {
    id = Number(value);
  } else {
    return null;
  }
  return id >= 1 && id <= MAX_ID ? id : null;
}

export type Stream =
  | { kind: 'reading-list' | 'read' | 'starred' | 'kept-unread' | 'fresh' }
  /** States AstroDash does not keep (broadcast, like, tracking-…): nothing is in them. */
  | { kind: 'other-state'; name: string }
  | { kind: 'feed'; feedId: number | null; url: string | null }
  | { kind: 'label'; name: string };

const STATES = new Set(['reading-list', 'read', 'starred', 'kept-unread', 'fresh']);

/**
 * A stream id: feed/<id> (or feed/<url>, as some clients subscribe),
 * user/<-|user id>/state/com.google/<state>, user/<-|user id>/label/<name>.
 * Another user's id, or anything else, is not a stream (null).
 */
export function parseStream(raw: string, userId: number): Stream | null {
  const value = raw.trim();
  if (value.startsWith('feed/')) {
    const rest = value.slice(5);
    if (/^\d{1,15}$/.test(rest)) return { kind: 'feed', feedId: Number(rest), url: null };
    return rest ? { kind: 'feed', feedId: null, url: rest } : null;
  }
  const match = /^user\/([^/]+)\/(state\/com\.google|label)\/(.+)$/s.exec(value);
  if (!match || (match[1] !== '-' && match[1] !== String(userId))) return null;
  const [, , kind, name] = match;
  if (kind === 'label') return { kind: 'label', name };
  if (STATES.has(name)) return { kind: name as 'read' };
  return /^[a-z-]{1,40}$/.test(name) ? { kind: 'other-state', name } : null;
}

export const labelId = (name: string) => `${LABEL_PREFIX}${name}`;
export const feedId = (sourceId: number) => `feed/${sourceId}`;

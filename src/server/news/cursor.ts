// The keyset cursor the infinite scroll follows: an opaque base64url token of the
// last item's sort value and id, bound to the sort it was made for.
import type { SortField } from '../../shared/constants';
import { badRequest } from '../http/errors';

export interface Cursor {
  value: number;
  id: number;
}

export function encodeCursor(sortBy: SortField, sortOrder: 'asc' | 'desc', at: Cursor): string {
  return Buffer.from(JSON.stringify([sortBy, sortOrder, at.value, at.id])).toString('base64url');
}

/** The position a cursor points at; a cursor that is malformed or made for another sort is refused. */
export function decodeCursor(token: string, sortBy: SortField, sortOrder: 'asc' | 'desc'): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('Invalid cursor');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== sortBy ||
    parsed[1] !== sortOrder ||
    !Number.isSafeInteger(parsed[2]) ||
    !Number.isSafeInteger(parsed[3])
  ) {
    throw badRequest('Invalid cursor');
  }
  return { value: parsed[2], id: parsed[3] };
}

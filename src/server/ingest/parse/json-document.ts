// Fetched JSON, read within bounds: a size cap and a nesting limit checked in
// one linear pass before JSON.parse, whose time and memory on a hostile
// document (megabytes of "[[[[…") are what they guard. Callers then read the
// value with their zod schema.
import { SourceFetchError } from '../types';

/** Characters of a JSON document read at most: a Launch Library page is ~1 MB, a JSON Feed less. */
export const JSON_DOCUMENT_MAX = 4 * 1024 * 1024;
/** Nesting read at most: the upstream shapes nest fewer than ten levels. */
export const JSON_DEPTH_MAX = 64;

/** Whether arrays and objects in `text` nest deeper than `max` (strings skipped, escapes honoured). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export interface JsonBounds {
  maxChars?: number;
  maxDepth?: number;
}

/** The parsed document; a SourceFetchError naming `what` when it is too large, too deep or not JSON. */
export function readJsonDocument(text: string, what: string, bounds: JsonBounds = {}): unknown {
  const maxChars = bounds.maxChars ?? JSON_DOCUMENT_MAX;
  const maxDepth = bounds.maxDepth ?? JSON_DEPTH_MAX;
  if (text.length > maxChars)
    throw new SourceFetchError(
      `Could not read ${what}: it is larger than ${Math.round(maxChars / 1024)} KB of JSON`,
    );
  if (jsonNestsDeeperThan(text, maxDepth))
    throw new SourceFetchError(`Could not read ${what}: its JSON nests too deeply`);
  try {
    return JSON.parse(text);
  } catch {
    throw new SourceFetchError(`Could not parse ${what}: the response is not valid JSON`);
  }
}

/** Like readJsonDocument, but null instead of an error (error bodies, optional documents). */
export function readJsonOrNull(text: string, bounds: JsonBounds = {}): unknown {
  try {
    return readJsonDocument(text, 'the document', bounds);
  } catch {
    return null;
  }
}

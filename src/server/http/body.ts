// Request bodies: how large each route's may be, and the JSON parser that refuses
// nesting no API call needs before JSON.parse sees it. The session guard
// (auth-guard.ts) runs before any of this, so an anonymous caller's body is never read.
import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES } from '../../shared/constants';
import { HttpError } from './errors';

const KB = 1024;
/** Most calls carry a few short fields: an e-mail, a password, a name, an id. */
export const DEFAULT_BODY_LIMIT = 16 * KB;

/**
 * The calls that need more than the default. A route may also set its own
 * `bodyLimit` (the OPML import does), which wins over this table.
 */
export const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  // Up to 1,000 source ids.
  '/_api/news/fetch': 64 * KB,
  // The card's text (at most 2,000 characters) and the story's URL.
  '/_api/news/summarize': 64 * KB,
  // Announcements: up to 10,000 characters of Markdown, JSON-escaped.
  '/_api/admin/announcements': 128 * KB,
  '/_api/admin/announcements/update': 128 * KB,
  // Multipart: the file's own limit (AVATAR_MAX_BYTES) is enforced by the upload.
  '/_api/account/avatar': AVATAR_MAX_BYTES + 64 * KB,
};

/** No call's body is nested deeper than an object holding a list. */
export const MAX_JSON_DEPTH = 8;
export const JSON_TOO_DEEP = 'JSON body is nested too deeply';

/**
 * How deeply `text` nests arrays and objects, scanning once and stopping as soon as
 * it passes `max`: linear time, constant memory, whatever the input.
 * Brackets inside strings do not count.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

export function registerBodyParsing(app: FastifyInstance) {
  // Every route gets a body limit that fits it (the app-wide default is DEFAULT_BODY_LIMIT).
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    const limit = ROUTE_BODY_LIMITS[route.url ?? ''];
    if (limit !== undefined) route.bodyLimit = limit;
  });

  // Calls that take no input (logout, cleanup, avatar delete…) may arrive as JSON
  // with an empty body: that is "no input", not malformed JSON. Anything else goes
  // to Fastify's own parser (which also refuses __proto__ poisoning), unless it
  // nests deeper than any call needs.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(new HttpError(400, JSON_TOO_DEEP));
    void parseJson(request, text, done);
  });
}

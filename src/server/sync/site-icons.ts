// Sites' icons for reader apps (the Fever API's favicons, which Reeder and
// Unread show beside each feed). A source's site (siteUrlOf: a feed's origin,
// a channel's or a profile's page) is keyed by its origin; the `site-icons` job
// fetches its /favicon.ico through the SSRF-guarded client, within 64 KB, and
// keeps it when its first bytes are an image (ICO, PNG, GIF, JPEG, WebP), not
// on the server's word. SVG is not taken: it is a document that can carry script.
import type { FastifyPluginAsync } from 'fastify';
import pLimit from 'p-limit';
import type { Config } from '../config';
import type { DB } from '../db/database';
import { notFound } from '../http/errors';
import { parseId } from '../http/parse-id';
import { createGuardedHttp, type GuardedHttpClient } from '../net/guarded-http';
import { SourceFetchError } from '../ingest/types';
import { siteUrlOf } from '../sources/presenter';
import type { SyncView } from './labels';
import { iconById, iconsOf, saveIcon, sourceSites } from './site-icons-repository';

const ICON_MAX_BYTES = 64 * 1024;
/** Sites asked per run at most; the rest wait for the next one. */
const ICONS_PER_RUN = 200;
const ICON_FETCHES_AT_ONCE = 8;
const DAY_MS = 24 * 3_600_000;
/** A found icon is fetched again after this long (sites change theirs); a missing one after NONE_KEPT_MS. */
const FOUND_KEPT_MS = 30 * DAY_MS;
const NONE_KEPT_MS = 7 * DAY_MS;

const startsWith = (bytes: Uint8Array, at: number, ...values: number[]) =>
  values.every((v, i) => bytes[at + i] === v);
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

const SIGNATURES: Array<[type: string, matches: (b: Uint8Array) => boolean]> = [
  ['image/x-icon', (b) => startsWith(b, 0, 0, 0, 1, 0)],
  ['image/png', (b) => startsWith(b, 0, 0x89, ...ascii('PNG'))],
  ['image/gif', (b) => startsWith(b, 0, ...ascii('GIF8'))],
  ['image/jpeg', (b) => startsWith(b, 0, 0xff, 0xd8, 0xff)],
  ['image/webp', (b) => startsWith(b, 0, ...ascii('RIFF')) && startsWith(b, 8, ...ascii('WEBP'))],
];

/** Fever's favicon data ("image/png;base64,…") when the bytes are an image we take; else null. */
export function iconData(bytes: Uint8Array): string | null {
  if (bytes.length === 0 || bytes.length > ICON_MAX_BYTES) return null;
  const type = SIGNATURES.find(([, matches]) => matches(bytes))?.[0];
  return type ? `${type};base64,${Buffer.from(bytes).toString('base64')}` : null;
}

/** The origin of a source's site, or null for a URL that has none. */
function siteOrigin(url: string, sourceType: string): string | null {
  try {
    const origin = new URL(siteUrlOf(url, sourceType)).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The site's /favicon.ico as Fever data, or null when it has none we take. */
export async function fetchIcon(http: GuardedHttpClient, origin: string): Promise<string | null> {
  try {
    const res = await http.requestRaw(`${origin}/favicon.ico`, {
      headers: { accept: 'image/*', 'accept-encoding': 'identity' },
    });
    const encoded = res.contentEncoding !== '' && res.contentEncoding !== 'identity';
    return res.status === 200 && !encoded ? iconData(res.body) : null;
  } catch (err) {
    // Unreachable, refused by the guard, too large, too slow: no icon, asked again later.
    if (err instanceof SourceFetchError) return null;
    throw err;
  }
}

/** The `site-icons` job: the icons of the sites not asked yet, or asked long enough ago. */
export async function refreshSiteIcons(
  db: DB,
  config: Config['ingest'],
  now: number,
  signal?: AbortSignal,
): Promise<{ sitesAsked: number; iconsFound: number }> {
  const origins = new Set<string>();
  for (const { url, source_type } of await sourceSites(db)) {
    const origin = siteOrigin(url, source_type);
    if (origin) origins.add(origin);
  }
  const stored = await iconsOf(db, [...origins]);
  const due = [...origins]
    .filter((origin) => {
      const icon = stored.get(origin);
      return !icon || now - icon.fetched_at >= (icon.data ? FOUND_KEPT_MS : NONE_KEPT_MS);
    })
    .slice(0, ICONS_PER_RUN);
  // A client of its own: its size cap is an icon's, not a feed's.
  const http = createGuardedHttp({ ...config, maxBytes: ICON_MAX_BYTES });
  const limit = pLimit(ICON_FETCHES_AT_ONCE);
  let iconsFound = 0;
  try {
    await Promise.all(
      due.map((origin) =>
        limit(async () => {
          if (signal?.aborted) return; // the server is stopping: the rest wait for the next run
          const data = await fetchIcon(http, origin);
          await saveIcon(db, origin, data, now);
          if (data) iconsFound++;
        }),
      ),
    );
  } finally {
    await http.close();
  }
  return { sitesAsked: due.length, iconsFound };
}

/** The icons of a reader's subscriptions' sites, and the icon id of each feed that has one. */
export async function subscriptionIcons(
  db: DB,
  view: SyncView,
): Promise<{ favicons: Array<{ id: number; data: string }>; iconOf: Map<number, number> }> {
  const originOf = new Map(
    view.subscriptions.map((s) => [s.id, siteOrigin(s.source.url, s.source.sourceType)]),
  );
  const icons = await iconsOf(
    db,
    [...originOf.values()].filter((o) => o !== null),
  );
  const favicons = new Map<number, string>();
  const iconOf = new Map<number, number>();
  for (const [sourceId, origin] of originOf) {
    const icon = origin === null ? undefined : icons.get(origin);
    if (!icon?.data) continue;
    favicons.set(icon.id, icon.data);
    iconOf.set(sourceId, icon.id);
  }
  return { favicons: [...favicons].map(([id, data]) => ({ id, data })), iconOf };
}

/** Where reader apps fetch an icon (Google Reader's iconUrl). */
export const iconPath = (id: number) => `/api/icons/${id}`;
const ICON_NOT_FOUND = 'Icon not found.';

/**
 * GET /api/icons/:id: an icon's bytes, for reader apps (no session: it is the
 * site's public favicon). Only the image types iconData() took are ever stored,
 * and the browser is told not to guess another.
 */
export function siteIconRoutes(db: DB): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>('/api/icons/:id', async (request, reply) => {
      const icon = await iconById(db, parseId(request.params.id, ICON_NOT_FOUND));
      const [type, base64] = icon?.data?.split(';base64,') ?? [];
      if (!type || base64 === undefined) throw notFound(ICON_NOT_FOUND);
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(base64, 'base64'));
    });
  };
}

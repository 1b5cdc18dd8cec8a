// The shapes AstroDash reads from Launch Library 2 (The Space Devs), as zod
// schemas: list, normal and detailed mode objects in both the 2.2.0
// (vidURLs/infoURLs, image as a URL, precision sometimes a bare name) and the
// 2.3.0 (vid_urls/info_urls with their `live` flag, image objects) versions.
// Lenient: a field of the wrong type reads as absent; a launch without an id or
// name is skipped. Recorded payloads: test/fixtures/recorded/ll2-*.json,
// test/fixtures/extra/ll2-*.json, ../shared/fixtures/space-data/ll2-launches.json.
import { z } from 'zod';

/** A trimmed, non-empty string, else null. */
const text = z
  .string()
  .transform((s) => s.trim() || null)
  .nullish()
  .catch(null)
  .transform((v) => v ?? null);

const Named = z.object({ name: text }).optional().catch(undefined);

/** 2.2.0: a URL string; 2.3.0: an Image object. */
const ImageRef = z
  .union([z.string(), z.object({ image_url: text, thumbnail_url: text })])
  .nullish()
  .catch(null);
export type ImageRef = z.infer<typeof ImageRef>;

/** A webcast or info link: a bare URL (older shapes) or {url, priority, title, live}. */
const Link = z.union([
  z.string(),
  z.object({
    url: text,
    priority: z.number().optional().catch(undefined),
    title: text,
    live: z.boolean().optional().catch(undefined),
  }),
]);
const Links = z.array(Link.catch('')).optional().catch(undefined);
export type LaunchLink = z.infer<typeof Link>;

/** An id/name/abbrev object (status, precision), or a bare name (list mode, trimmed copies). */
const Coded = z
  .union([
    z.string(),
    z.object({ id: z.number().optional().catch(undefined), name: text, abbrev: text }),
  ])
  .nullish()
  .catch(null);
export type Coded = z.infer<typeof Coded>;

/** One of LL2's update comments. */
const Update = z.object({
  id: z.number().optional().catch(undefined),
  comment: text,
  info_url: text,
  created_by: text,
  created_on: text,
});
export type LaunchUpdateJson = z.infer<typeof Update>;

export const Launch = z.object({
  id: z.string().trim().min(1),
  name: z.string().trim().min(1),
  slug: text,
  url: text,
  last_updated: text,
  net: text,
  net_precision: Coded,
  window_start: text,
  window_end: text,
  webcast_live: z.boolean().optional().catch(undefined),
  image: ImageRef,
  status: Coded.optional(),
  failreason: text,
  holdreason: text,
  pad: z
    .union([z.string(), z.object({ name: text, location: Named })])
    .optional()
    .catch(undefined),
  mission: z
    .union([z.string(), z.object({ name: text, description: text, type: text, orbit: Named })])
    .nullish()
    .catch(null),
  launch_service_provider: z.object({ name: text, abbrev: text }).optional().catch(undefined),
  lsp_name: text,
  location: z.string().optional().catch(undefined),
  mission_type: text,
  orbit: text,
  rocket: z
    .object({
      configuration: z
        .object({ name: text, full_name: text, family: text, image_url: ImageRef })
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  program: z
    .array(z.object({ name: text }).catch({ name: null }))
    .optional()
    .catch(undefined),
  vid_urls: Links,
  vidURLs: Links,
  info_urls: Links,
  infoURLs: Links,
  updates: z
    .array(Update.catch({} as LaunchUpdateJson))
    .optional()
    .catch(undefined),
});
export type Launch = z.infer<typeof Launch>;

/** The paginated envelope: {count, next, previous, results}. */
export const LaunchList = z.object({ results: z.array(z.unknown()).catch([]) });

/** DRF's throttle body: {detail: "Request was throttled. Expected available in 123 seconds."}. */
export const ThrottleBody = z.object({ detail: z.string().optional().catch(undefined) }).catch({});

/**
 * GET {base}/api-throttle/: {your_request_limit, limit_frequency_secs, current_use,
 * next_use_secs, ident}; 2.2.0 answers the same object inside a list. Not counted
 * against the limit.
 */
const ThrottleStatusObject = z.object({
  your_request_limit: z.number().optional().catch(undefined),
  current_use: z.number().optional().catch(undefined),
  next_use_secs: z.number().nonnegative().optional().catch(undefined),
});
export const ThrottleStatus = z
  .union([ThrottleStatusObject, z.array(ThrottleStatusObject).min(1)])
  .transform((v) => (Array.isArray(v) ? v[0] : v));

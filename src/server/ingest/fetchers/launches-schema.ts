// The shapes AstroDash reads from Launch Library 2 (The Space Devs) upcoming
// launches, as zod schemas: detailed/normal mode objects and list mode's flat
// strings, in both the 2.2.0 (vidURLs/infoURLs, image as a URL) and the 2.3.0
// (vid_urls/info_urls, image objects) versions. Lenient: a field of the wrong
// type reads as absent; a launch without an id or name is skipped.
// Recorded payloads: test/fixtures/recorded/ll2-*.json, test/fixtures/extra/ll2-*.json.
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

/** A webcast or info link: a bare URL (older shapes) or {url, priority}. */
const Link = z.union([
  z.string(),
  z.object({ url: text, priority: z.number().optional().catch(undefined) }),
]);
const Links = z.array(Link.catch('')).optional().catch(undefined);
export type LaunchLink = z.infer<typeof Link>;

export const Launch = z.object({
  id: z.string().trim().min(1),
  name: z.string().trim().min(1),
  slug: text,
  url: text,
  net: text,
  window_start: text,
  window_end: text,
  webcast_live: z.boolean().optional().catch(undefined),
  image: ImageRef,
  // Objects in detailed/normal mode, strings in list mode.
  status: z
    .union([z.string(), z.object({ name: text, abbrev: text })])
    .optional()
    .catch(undefined),
  pad: z
    .union([z.string(), z.object({ name: text, location: Named })])
    .optional()
    .catch(undefined),
  mission: z
    .union([z.string(), z.object({ name: text, description: text, type: text, orbit: Named })])
    .nullish()
    .catch(null),
  launch_service_provider: Named,
  lsp_name: text,
  location: z.string().optional().catch(undefined),
  mission_type: text,
  orbit: text,
  rocket: z
    .object({
      configuration: z
        .object({ name: text, full_name: text, image_url: ImageRef })
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  vid_urls: Links,
  vidURLs: Links,
  info_urls: Links,
  infoURLs: Links,
});
export type Launch = z.infer<typeof Launch>;

/** The paginated envelope: {count, next, previous, results}. */
export const LaunchList = z.object({ results: z.array(z.unknown()).catch([]) });

/** DRF's throttle body: {detail: "Request was throttled. Expected available in 123 seconds."}. */
export const ThrottleBody = z.object({ detail: z.string().optional().catch(undefined) }).catch({});

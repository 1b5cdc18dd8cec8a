// What a source URL must look like for each source type, in one table.
// Pure: used by the sources routes and the OPML import, unit-tested beside it.
import type { SourceType } from '../../shared/constants';

export const URL_MESSAGES = {
  invalid: 'Please enter a valid URL.',
  youtube: 'A YouTube source needs a YouTube channel URL (youtube.com/@handle or /channel/…).',
  reddit: 'A Reddit source needs a subreddit URL like https://www.reddit.com/r/space/.',
  bluesky: 'A Bluesky source needs a profile URL like https://bsky.app/profile/nasa.gov.',
  google_news: 'A Google News source needs a Google News RSS URL (news.google.com/rss/search?q=…).',
  rocket_launch:
    'A Rocket Launch source needs a Launch Library URL like https://ll.thespacedevs.com/2.2.0/launch/upcoming/.',
} as const;

export const MAX_SOURCE_URL_LENGTH = 2048;

interface Rule {
  /** Host names (and their subdomains) the type accepts. */
  hosts: readonly string[];
  /** The path (and query) a URL on those hosts must match. */
  path?: (url: URL) => boolean;
  message: string;
}

const REDDIT_SUB = /^\/r\/[A-Za-z0-9_]{2,21}(\/.*)?$/;
const BLUESKY_PROFILE =
  /^\/profile\/([A-Za-z0-9.-]+\.[A-Za-z0-9-]+|did:[a-z]+:[A-Za-z0-9._:%-]+)\/?$/;
const YOUTUBE_CHANNEL = /^\/(@[\w.-]+|channel\/UC[\w-]{10,}|c\/[^/]+|user\/[^/]+)(\/.*)?$/;

/** Rules per type; rss and custom take any http(s) URL. */
export const URL_RULES: Partial<Record<SourceType, Rule>> = {
  youtube: {
    hosts: ['youtube.com'],
    path: (u) =>
      YOUTUBE_CHANNEL.test(u.pathname) ||
      (u.pathname === '/feeds/videos.xml' &&
        (u.searchParams.has('channel_id') || u.searchParams.has('playlist_id'))) ||
      (u.pathname === '/playlist' && u.searchParams.has('list')),
    message: URL_MESSAGES.youtube,
  },
  reddit: {
    hosts: ['reddit.com'],
    path: (u) => REDDIT_SUB.test(u.pathname),
    message: URL_MESSAGES.reddit,
  },
  bluesky: {
    hosts: ['bsky.app'],
    path: (u) => BLUESKY_PROFILE.test(u.pathname),
    message: URL_MESSAGES.bluesky,
  },
  google_news: {
    hosts: ['news.google.com'],
    path: (u) => u.pathname === '/rss' || u.pathname.startsWith('/rss/'),
    message: URL_MESSAGES.google_news,
  },
  rocket_launch: { hosts: ['thespacedevs.com'], message: URL_MESSAGES.rocket_launch },
};

export interface UrlRuleOptions {
  /**
   * More hosts a type accepts, e.g. the configured upstream base URLs (a
   * self-hosted Launch Library mirror, or the fixture server in tests).
   */
  extraHosts?: Partial<Record<SourceType, readonly string[]>>;
}

const hostMatches = (host: string, allowed: string) =>
  host === allowed || host.endsWith(`.${allowed}`);

/**
 * The URL as we store it: trimmed, host lower-cased (the URL parser does that),
 * fragment dropped. Null when it is not an http(s) URL.
 */
export function normalizeSourceUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (!u.hostname) return null;
  u.hash = '';
  const out = u.toString();
  return out.length > MAX_SOURCE_URL_LENGTH ? null : out;
}

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

/** Normalises a URL and checks it suits the source type; the message is fit to show a user. */
export function checkSourceUrl(
  raw: string,
  type: SourceType,
  options: UrlRuleOptions = {},
): UrlCheck {
  const url = normalizeSourceUrl(raw);
  if (!url) return { ok: false, message: URL_MESSAGES.invalid };
  const rule = URL_RULES[type];
  if (!rule) return { ok: true, url };
  const parsed = new URL(url);
  const extra = options.extraHosts?.[type] ?? [];
  const host = parsed.hostname;
  const hostOk =
    rule.hosts.some((h) => hostMatches(host, h)) || extra.some((h) => host === h.toLowerCase());
  if (!hostOk) return { ok: false, message: rule.message };
  if (rule.path && !rule.path(parsed)) return { ok: false, message: rule.message };
  return { ok: true, url };
}

/**
 * The most likely source type for a URL (OPML import): the first typed rule it
 * satisfies, else rss, so a feed URL on a known host that no typed rule fits
 * (a Reddit user's .rss, say) is still read as a plain feed.
 */
export function inferSourceType(raw: string): SourceType {
  for (const type of Object.keys(URL_RULES) as SourceType[]) {
    if (checkSourceUrl(raw, type).ok) return type;
  }
  return 'rss';
}

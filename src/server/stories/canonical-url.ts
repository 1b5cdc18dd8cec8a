// The URL two sources give for one article, as one string: what "the same link"
// means for clustering. Ingestion already drops tracking parameters and the
// fragment (ingest/parse/normalize.ts); here the variants a publisher serves of
// one page fold too: http and https, "www.", a trailing slash, AMP pages, and
// every query parameter that only says where a reader came from.
// Google News items carry the publisher's URL when Google's link holds one
// (ingest/fetchers/google-news.ts decodes it); a link that is still Google's
// says nothing about the article, so it gives no key.

const URL_MAX = 2_048;
const REFERRAL =
  /^(utm_\w+|ref|ref_src|ref_url|referrer|source|src|cmp|cmpid|campaign|feature|fbclid|gclid|mc_cid|mc_eid|ncid|sr_share|share|smid|partner|via|rss|feed|output|amp)$/i;
const AGGREGATOR_HOSTS = /(^|\.)(news\.google\.com|google\.[a-z.]+|feedproxy\.google\.com)$/i;

/** host + path (+ meaningful query), or null when the URL cannot name an article. */
export function storyUrlKey(raw: string | null | undefined): string | null {
  if (!raw || raw.length > URL_MAX) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const host = u.hostname.toLowerCase().replace(/^(www|m|amp)\./, '');
  if (AGGREGATOR_HOSTS.test(host)) return null;
  let path = u.pathname.replace(/\/amp\/?$/i, '/').replace(/\/+$/, '');
  if (path === '') {
    // A site's home page is not an article.
    return null;
  }
  path = path.replace(/\/index\.html?$/i, '');
  const query = [...u.searchParams]
    .filter(([k]) => !REFERRAL.test(k))
    .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${host}${path}${query ? `?${query}` : ''}`;
}

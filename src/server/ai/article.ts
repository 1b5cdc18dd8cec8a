// An article's main text from its web page: fetched through the SSRF-guarded
// client (size cap, timeout), parsed with linkedom and read with Mozilla's
// Readability. The page is capped before parsing so the work stays bounded.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { Config } from '../config';
import { createGuardedHttp, type GuardedHttpClient } from '../ingest/http';
import { capText } from './sentences';

/** Bytes of a page read at most; articles are far smaller, and the parse is linear in it. */
export const ARTICLE_MAX_BYTES = 1024 * 1024;
const MIN_ARTICLE_CHARS = 200;
/** Characters of extracted text kept. */
export const ARTICLE_MAX_CHARS = 60_000;

const clients = new WeakMap<Config, GuardedHttpClient>();

/** One guarded client per configuration, with the article cap (smaller than a feed's). */
export function articleHttp(config: Config): GuardedHttpClient {
  let client = clients.get(config);
  if (!client) {
    client = createGuardedHttp({
      ...config.ingest,
      maxBytes: Math.min(config.ingest.maxBytes, ARTICLE_MAX_BYTES),
    });
    clients.set(config, client);
  }
  return client;
}

/** The main text of an HTML page, or null when Readability finds no article. */
export function extractArticleText(html: string): string | null {
  const { document } = parseHTML(html.slice(0, ARTICLE_MAX_BYTES));
  const article = new Readability(document, {
    charThreshold: 200,
    maxElemsToParse: 20_000,
  }).parse();
  const text = article?.textContent?.replace(/\s+/g, ' ').trim();
  // A few words are a page's chrome, not an article.
  return text && text.length >= MIN_ARTICLE_CHARS ? capText(text, ARTICLE_MAX_CHARS) : null;
}

/** Fetches the page and extracts its text; null when it cannot be read (never throws). */
export async function fetchArticleText(config: Config, url: string): Promise<string | null> {
  try {
    const res = await articleHttp(config).get(url, {
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    });
    if (res.status < 200 || res.status >= 300) return null;
    const type = res.headers.get('content-type') ?? '';
    if (type && !/html|xml/i.test(type)) return null;
    return extractArticleText(res.text);
  } catch {
    return null;
  }
}

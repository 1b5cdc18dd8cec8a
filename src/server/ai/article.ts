// An article's main text from its web page: fetched through the SSRF-guarded
// client (size cap, timeout), then read on the text worker (article-text.ts).
import type { Config } from '../config';
import { createGuardedHttp, type GuardedHttpClient } from '../net/guarded-http';
import { ARTICLE_MAX_BYTES } from './article-text';
import { articleTextOf } from './text-pool';

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

/** Fetches the page and extracts its text; null when it cannot be read (never throws). */
export async function fetchArticleText(config: Config, url: string): Promise<string | null> {
  try {
    const res = await articleHttp(config).get(url, {
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    });
    if (res.status < 200 || res.status >= 300) return null;
    const type = res.headers.get('content-type') ?? '';
    if (type && !/html|xml/i.test(type)) return null;
    return await articleTextOf(res.text);
  } catch {
    return null;
  }
}

/** Closes the article client's connections (server shutdown). */
export async function closeArticleHttp(config: Config): Promise<void> {
  const client = clients.get(config);
  clients.delete(config);
  await client?.close();
}

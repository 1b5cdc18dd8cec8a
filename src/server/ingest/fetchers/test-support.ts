// Test-only plumbing for fetcher tests: a GuardedHttp over plain fetch (the pipeline's
// integration tests run the real guarded client) and a FetchContext builder.
import { loadConfig } from '../../config';
import type { DB } from '../../db/database';
import type { SourceType } from '../../../shared/constants';
import type {
  FetchContext,
  GuardedHttp,
  HttpRequestOptions,
  HttpResponse,
  SourceToFetch,
} from '../types';

export const plainHttp: GuardedHttp = {
  get: (url, options) => request(url, { ...options, method: 'GET' }),
  request: (url, options) => request(url, options),
};

async function request(url: string, options: HttpRequestOptions = {}): Promise<HttpResponse> {
  const headers: Record<string, string> = { 'user-agent': 'AstroDash-test', ...options.headers };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const res = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body:
      typeof options.body === 'string' ? options.body : options.body && Buffer.from(options.body),
    redirect: 'follow',
  });
  return {
    status: res.status,
    url: res.url,
    headers: res.headers,
    text: await res.text(),
    notModified: res.status === 304,
  };
}

/** For fetchers that read no database: any use fails loudly. */
const noDatabase = new Proxy({} as DB, {
  get() {
    throw new Error('this fetcher test has no database; pass one to testContext');
  },
});

export function testContext(
  source: Partial<SourceToFetch> & { url: string; sourceType: SourceType },
  env: Record<string, string> = {},
  http: GuardedHttp = plainHttp,
  db: DB = noDatabase,
): FetchContext {
  return {
    source: {
      id: 1,
      name: 'Test source',
      etag: null,
      lastModified: null,
      resolvedUrl: null,
      ...source,
    },
    http,
    config: loadConfig({ FETCH_ALLOW_PRIVATE_NETWORK: 'true', ...env }).ingest,
    now: new Date('2026-07-20T12:00:00Z'),
    db,
  };
}

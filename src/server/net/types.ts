// The outbound HTTP client's contract: what a request takes and answers, and
// the failure whose message is fit to show a user (on a source row, a settings page).

export interface HttpResponse {
  status: number;
  /** Final URL after redirects. */
  url: string;
  headers: Headers;
  /** Body decoded to text using the HTTP charset or the XML prolog's encoding. */
  text: string;
  notModified: boolean;
}

export interface HttpRequestOptions {
  headers?: Record<string, string>;
  /** Sends If-None-Match / If-Modified-Since; a 304 comes back as notModified. */
  etag?: string | null;
  lastModified?: string | null;
  method?: 'GET' | 'POST';
  /** Bytes for binary bodies (an encrypted web push message). */
  body?: string | Uint8Array;
}

/** The guarded HTTP client every fetcher must use (SSRF guard, timeouts, size cap, redirects). */
export interface GuardedHttp {
  get(url: string, options?: HttpRequestOptions): Promise<HttpResponse>;
  request(url: string, options?: HttpRequestOptions): Promise<HttpResponse>;
}

/** A fetch failure with a message fit to show a user on the source row. */
export class SourceFetchError extends Error {
  constructor(
    message: string,
    readonly options: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

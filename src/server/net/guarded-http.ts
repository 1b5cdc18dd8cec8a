// The guarded HTTP client every fetch of a feed or page goes through:
// http(s) only; the SSRF guard on the resolved address at connect time and on
// literal IPs, re-applied on every redirect (followed by hand, at most 5); one
// deadline covering connect, headers and body; a size cap enforced while the
// body streams (and again on the decompressed bytes, so a zip bomb stops at the
// cap); conditional GET; a descriptive User-Agent; per-host and global limits.
//
// Contract for fetchers: get() and request() resolve with the final response,
// whatever its status (a 304 sets notModified; error bodies are read under the
// same cap); the caller checks the status (fetchers/util.ts ensureOk). Network failures, timeouts, the size cap, blocked
// addresses and too many redirects throw SourceFetchError with a message fit
// for the source row.
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import pLimit, { type LimitFunction } from 'p-limit';
import { Agent, request, type Dispatcher } from 'undici';
import type { Config } from '../config';
import { decodeBody } from './decode';
import {
  BlockedAddressError,
  addressPolicy,
  assertHostAllowed,
  guardedLookup,
  type AddressPolicy,
  type Resolver,
} from './ssrf';
import {
  SourceFetchError,
  type GuardedHttp,
  type HttpRequestOptions,
  type HttpResponse,
} from './types';

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type IngestConfig = Config['ingest'];

export interface GuardedHttpClient extends GuardedHttp {
  /** Like request(), but leaves decompressing and decoding to the caller (a worker). */
  requestRaw(url: string, options?: HttpRequestOptions): Promise<RawHttpResponse>;
  close(): Promise<void>;
}

const seconds = (ms: number) => `${Math.round((ms / 1000) * 10) / 10} s`.replace('.0 s', ' s');
const megabytes = (n: number) =>
  `${Math.round((n / 1024 / 1024) * 10) / 10} MB`.replace('.0 MB', ' MB');

/** How far past its timeout a request may run while its thread was busy elsewhere. */
const DEADLINE_STRETCH = 4;

/**
 * Calls `expire` once `ms` of this thread's idle time has passed (at most
 * DEADLINE_STRETCH × `ms` in all). A thread that parses and stores other
 * feeds between a request's chunks cannot read the request's bytes meanwhile,
 * so that time is not the server's slowness: the ingestion thread would
 * otherwise time out a quick server whose answer sat in the socket while it
 * parsed another feed. An idle thread times out at `ms` exactly.
 */
export function idleDeadline(ms: number, expire: () => void): () => void {
  const start = performance.eventLoopUtilization();
  const started = performance.now();
  let timer: NodeJS.Timeout;
  const check = () => {
    const { idle } = performance.eventLoopUtilization(start);
    const left = ms - idle;
    if (left <= 1 || performance.now() - started >= ms * DEADLINE_STRETCH) expire();
    else timer = setTimeout(check, left);
  };
  timer = setTimeout(check, ms);
  return () => clearTimeout(timer);
}

function networkMessage(err: unknown, host: string, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `Timed out after ${seconds(timeoutMs)}`;
  // Undici wraps the socket's error in `cause`, sometimes twice.
  const chain: { code?: unknown; cause?: unknown }[] = [];
  for (let e = err; e && typeof e === 'object' && chain.length < 5;) {
    const link = e as { code?: unknown; cause?: unknown };
    chain.push(link);
    e = link.cause;
  }
  if (chain.some((e) => e instanceof BlockedAddressError || e.code === 'E_BLOCKED_ADDRESS')) {
    return 'Blocked: the URL points to a private or local network address.';
  }
  const code = chain.map((e) => e.code).find((c) => typeof c === 'string') ?? '';
  if (/TIMEOUT/.test(code)) return `Timed out after ${seconds(timeoutMs)}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Could not find the server ${host}.`;
  if (code === 'ECONNREFUSED') return `${host} refused the connection.`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return `The connection to ${host} was closed unexpectedly.`;
  if (/CERT|SSL|TLS/.test(code))
    return `Secure connection to ${host} failed (certificate problem).`;
  return `Could not reach ${host}.`;
}

/** The server closed the connection as the request went out (a kept-alive socket it had just let go). */
function closedUnderneath(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return true;
    e = cause;
  }
  return false;
}

function headerEntries(raw: Record<string, string | string[] | undefined>): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const one of v) out.push([k, one]);
    else out.push([k, v]);
  }
  return out;
}

function decompress(bytes: Uint8Array, encoding: string, maxBytes: number): Uint8Array {
  const opts = { maxOutputLength: maxBytes };
  const enc = encoding.trim().toLowerCase();
  if (enc === 'gzip' || enc === 'x-gzip') return zlib.gunzipSync(bytes, opts);
  if (enc === 'br') return zlib.brotliDecompressSync(bytes, opts);
  if (enc === 'deflate') {
    try {
      return zlib.inflateSync(bytes, opts);
    } catch (err) {
      if (err instanceof RangeError) throw err;
      return zlib.inflateRawSync(bytes, opts);
    }
  }
  return bytes;
}

/**
 * A response as it came off the wire: the body still compressed. Plain data, so
 * it can cross to a worker thread, which decompresses and decodes it there
 * (finishResponse) instead of on the thread that serves requests.
 */
export interface RawHttpResponse {
  status: number;
  /** Final URL after redirects. */
  url: string;
  headers: [string, string][];
  notModified: boolean;
  body: Uint8Array;
  /** The body's Content-Encoding ('' when none). */
  contentEncoding: string;
}

/**
 * A raw response with its body decompressed (capped at maxBytes, so a zip bomb
 * stops there): bytes still, outside the JavaScript heap, until it is decoded.
 */
export function decompressResponse(raw: RawHttpResponse, maxBytes: number): RawHttpResponse {
  const encoding = raw.contentEncoding;
  if (raw.notModified || !encoding || encoding === 'identity') return raw;
  try {
    return { ...raw, body: decompress(raw.body, encoding, maxBytes), contentEncoding: '' };
  } catch (err) {
    if (err instanceof RangeError)
      throw new SourceFetchError(`The response is larger than ${megabytes(maxBytes)}.`);
    throw new SourceFetchError(`The response could not be decompressed (${encoding}).`);
  }
}

/** Decompresses and decodes a raw response. */
export function finishResponse(raw: RawHttpResponse, maxBytes: number): HttpResponse {
  const headers = new Headers();
  for (const [k, v] of raw.headers) headers.append(k, v);
  if (raw.notModified)
    return { status: raw.status, url: raw.url, headers, text: '', notModified: true };
  return {
    status: raw.status,
    url: raw.url,
    headers,
    text: decodeBody(decompressResponse(raw, maxBytes).body, headers.get('content-type')),
    notModified: false,
  };
}

async function readCapped(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, total);
}

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

function withoutCredentials(
  headers: Record<string, string> | undefined,
): Record<string, string> | undefined {
  if (!headers) return headers;
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())),
  );
}

export interface GuardedHttpOptions {
  /** Test seam: addresses allowed regardless of the policy (e.g. one loopback alias). */
  exempt?: (address: string) => boolean;
  /** Test seam: how host names resolve (a test DNS); the system resolver otherwise. */
  resolve?: Resolver;
  /**
   * For upstream base URLs the operator sets in the environment (AI_BASE_URL,
   * OPEN_METEO_URL, SWPC_URL, LAUNCH_LIBRARY_URL), never for URLs a user supplies:
   * no address check (Ollama on localhost is the usual case), but the same
   * timeout, size cap, redirect limit and http(s)-only rule.
   */
  trusted?: boolean;
}

export function createGuardedHttp(
  config: IngestConfig,
  guardOptions: GuardedHttpOptions = {},
): GuardedHttpClient {
  const policy: AddressPolicy = guardOptions.trusted
    ? () => null
    : addressPolicy(config.allowPrivateNetwork, guardOptions.exempt);
  const agent = new Agent({
    connect: { lookup: guardedLookup(policy, guardOptions.resolve), timeout: config.timeoutMs },
    connections: 64,
    keepAliveTimeout: 10_000,
  });
  const global = pLimit(config.concurrency);
  const perHost = new Map<string, LimitFunction>();
  const hostSlot = (host: string) => {
    let limit = perHost.get(host);
    if (!limit) perHost.set(host, (limit = pLimit(config.perHostConcurrency)));
    return limit;
  };

  async function oneHop(url: URL, options: HttpRequestOptions, signal: AbortSignal) {
    assertHostAllowed(url.hostname, policy);
    const headers: Record<string, string> = {
      'user-agent': config.userAgent,
      accept:
        'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
      ...options.headers,
    };
    if (options.etag) headers['if-none-match'] = options.etag;
    if (options.lastModified) headers['if-modified-since'] = options.lastModified;
    return hostSlot(url.host)(() =>
      global(async () => {
        const res = await request(url, {
          method: options.method ?? 'GET',
          headers,
          body: options.body,
          dispatcher: agent,
          signal,
          // The request's own deadline (idleDeadline) comes first; these only back it up.
          headersTimeout: config.timeoutMs * DEADLINE_STRETCH,
          bodyTimeout: config.timeoutMs * DEADLINE_STRETCH,
        });
        if (REDIRECT_STATUSES.has(res.statusCode) || res.statusCode === 304) {
          await res.body.dump().catch(() => undefined);
          return { res, bytes: Buffer.alloc(0) };
        }
        const tooLarge = () =>
          new SourceFetchError(`The response is larger than ${megabytes(config.maxBytes)}.`);
        const length = Number(res.headers['content-length']);
        if (Number.isFinite(length) && length > config.maxBytes) {
          res.body.destroy();
          throw tooLarge();
        }
        const bytes = await readCapped(res.body, config.maxBytes, tooLarge);
        return { res, bytes };
      }),
    );
  }

  async function requestUrl(
    rawUrl: string,
    options: HttpRequestOptions = {},
  ): Promise<RawHttpResponse> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new SourceFetchError('The URL is not valid.');
    }
    const controller = new AbortController();
    const stopDeadline = idleDeadline(config.timeoutMs, () => controller.abort());
    let method = options.method ?? 'GET';
    let body = options.body;
    let requestHeaders = options.headers;
    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new SourceFetchError('Only http and https URLs can be fetched.');
        }
        let result;
        const send = () =>
          oneHop(url, { ...options, method, body, headers: requestHeaders }, controller.signal);
        try {
          // A GET on a kept-alive connection the server closed meanwhile is sent once more.
          result = await send().catch((err: unknown) =>
            method === 'GET' && !controller.signal.aborted && closedUnderneath(err)
              ? send()
              : Promise.reject(err),
          );
        } catch (err) {
          if (err instanceof SourceFetchError) throw err;
          throw new SourceFetchError(
            networkMessage(err, url.host, config.timeoutMs, controller.signal.aborted),
          );
        }
        const { res, bytes } = result;
        const status = res.statusCode;
        const location = res.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          if (hop >= MAX_REDIRECTS)
            throw new SourceFetchError(`Too many redirects (more than ${MAX_REDIRECTS}).`);
          const previousOrigin = url.origin;
          try {
            url = new URL(String(location), url);
          } catch {
            throw new SourceFetchError('The server redirected to an invalid URL.');
          }
          // Credentials (the Reddit app secret, a bearer token, cookies) stay with
          // the origin they were meant for, as browsers do.
          if (url.origin !== previousOrigin) requestHeaders = withoutCredentials(requestHeaders);
          if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
          }
          continue;
        }
        return {
          status,
          url: url.href,
          headers: headerEntries(res.headers),
          notModified: status === 304,
          body: status === 304 ? new Uint8Array(0) : bytes,
          contentEncoding: String(res.headers['content-encoding'] ?? '')
            .trim()
            .toLowerCase(),
        };
      }
    } finally {
      stopDeadline();
    }
  }

  const finish = (raw: RawHttpResponse) => finishResponse(raw, config.maxBytes);
  return {
    get: async (url, options) => finish(await requestUrl(url, { ...options, method: 'GET' })),
    request: async (url, options) => finish(await requestUrl(url, options)),
    requestRaw: requestUrl,
    close: () => agent.close(),
  };
}

const shared = new WeakMap<IngestConfig, GuardedHttpClient>();
const operator = new WeakMap<IngestConfig, GuardedHttpClient>();

/** One client per configuration for the whole process, so host limits hold across refreshes. */
export function sharedHttp(config: IngestConfig): GuardedHttpClient {
  let client = shared.get(config);
  if (!client) shared.set(config, (client = createGuardedHttp(config)));
  return client;
}

/**
 * The shared client for operator-set upstream URLs (see GuardedHttpOptions.trusted):
 * `operatorHttp(ctx.config.ingest).get(url)`. Never hand it a URL a user typed.
 */
export function operatorHttp(config: IngestConfig): GuardedHttpClient {
  let client = operator.get(config);
  if (!client) operator.set(config, (client = createGuardedHttp(config, { trusted: true })));
  return client;
}

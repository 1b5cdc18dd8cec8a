// A local HTTP server that stands in for every upstream (feeds, YouTube, Reddit,
// Bluesky, Launch Library…), replaying recorded real payloads from test/fixtures.
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';

export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../fixtures');

export function readFixture(name: string): Buffer {
  for (const dir of ['recorded', 'hostile', 'extra', '.']) {
    const file = path.join(FIXTURES_DIR, dir, name);
    if (fs.existsSync(file)) return fs.readFileSync(file);
  }
  throw new Error(`no fixture named ${name}`);
}

export interface FixtureRoute {
  /** Fixture file name (looked up under test/fixtures) or literal body. */
  file?: string;
  body?: string | Buffer;
  status?: number;
  type?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Answer 304 when the request's If-None-Match matches. */
  etag?: string;
  lastModified?: string;
}

export type FixtureHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => void | Promise<void>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

export class FixtureServer {
  readonly requests: RecordedRequest[] = [];
  private routes = new Map<string, FixtureRoute | FixtureHandler>();
  private server: http.Server;
  url = '';

  private constructor() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  static async start(): Promise<FixtureServer> {
    const s = new FixtureServer();
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
    const address = s.server.address();
    if (!address || typeof address === 'string') throw new Error('fixture server did not bind');
    s.url = `http://127.0.0.1:${address.port}`;
    return s;
  }

  /** Register a route by path (query string included when given, else matched on pathname). */
  route(pathWithQuery: string, route: FixtureRoute | FixtureHandler): this {
    this.routes.set(pathWithQuery, route);
    return this;
  }

  hits(pathname: string): number {
    return this.requests.filter((r) => r.path.split('?')[0] === pathname).length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      headers: req.headers,
    });
    const route = this.routes.get(url.pathname + url.search) ?? this.routes.get(url.pathname);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no fixture route');
      return;
    }
    if (typeof route === 'function') {
      await route(req, res, url);
      return;
    }
    if (route.delayMs) await new Promise((r) => setTimeout(r, route.delayMs));
    if (route.etag && req.headers['if-none-match'] === route.etag) {
      res.writeHead(304, { etag: route.etag }).end();
      return;
    }
    if (route.lastModified && req.headers['if-modified-since'] === route.lastModified) {
      res.writeHead(304, { 'last-modified': route.lastModified }).end();
      return;
    }
    const body = route.file ? readFixture(route.file) : (route.body ?? '');
    const headers: Record<string, string> = {
      'content-type': route.type ?? guessType(route.file),
      ...(route.etag ? { etag: route.etag } : {}),
      ...(route.lastModified ? { 'last-modified': route.lastModified } : {}),
      ...route.headers,
    };
    res.writeHead(route.status ?? 200, headers).end(body);
  }
}

function guessType(file?: string): string {
  if (!file) return 'text/plain; charset=utf-8';
  if (file.endsWith('.json')) return 'application/json';
  if (file.endsWith('.xml') || file.endsWith('.rss')) return 'application/xml';
  if (file.endsWith('.html')) return 'text/html; charset=utf-8';
  if (file.endsWith('.sse')) return 'text/event-stream';
  return 'application/octet-stream';
}

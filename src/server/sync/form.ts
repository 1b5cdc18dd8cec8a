// Reader apps send their parameters in the query string and, for POSTs, as an
// application/x-www-form-urlencoded body, keys repeated for lists (i=…&i=…).
// One view over both, read with URLSearchParams (linear, no nesting).
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Most a sync request's form may carry: 1,000 long item ids and more. */
export const SYNC_BODY_LIMIT = 256 * 1024;

export class Params {
  constructor(
    private readonly query: URLSearchParams,
    private readonly body: URLSearchParams,
  ) {}

  /** The body's value, else the query's; undefined when neither has the key. */
  get(name: string): string | undefined {
    return this.body.get(name) ?? this.query.get(name) ?? undefined;
  }

  /** Every value, the query's first. */
  all(name: string): string[] {
    return [...this.query.getAll(name), ...this.body.getAll(name)];
  }

  has(name: string): boolean {
    return this.query.has(name) || this.body.has(name);
  }
}

/** The request's raw path (still percent-encoded) and query. */
export function splitUrl(request: FastifyRequest): { path: string; query: string } {
  const raw = request.raw.url ?? request.url;
  const mark = raw.indexOf('?');
  return mark === -1
    ? { path: raw, query: '' }
    : { path: raw.slice(0, mark), query: raw.slice(mark + 1) };
}

export function paramsOf(request: FastifyRequest): Params {
  const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
  return new Params(new URLSearchParams(splitUrl(request).query), body);
}

/**
 * Form bodies for the routes of one plugin (Fastify scopes a parser to the
 * plugin that adds it): kept as URLSearchParams. An empty body is no parameters.
 */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: SYNC_BODY_LIMIT },
    (_request, body, done) => done(null, new URLSearchParams(String(body))),
  );
}

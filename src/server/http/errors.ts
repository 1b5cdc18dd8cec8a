// One error shape for the whole API. The spec's client reads `error` on most
// resources and `message` on auth calls, so every error body carries both.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const errorBody = (message: string) => ({ error: message, message });

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).headers(err.headers).send(errorBody(err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The first issue carries the spec's message for the first bad field.
      return reply.code(400).send(errorBody(err.validation[0]?.message ?? 'Invalid request'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type…
      const message =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
                err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
              ? 'Invalid JSON body'
              : err.message;
      return reply.code(status).send(errorBody(message));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(errorBody('Internal server error'));
  });
}

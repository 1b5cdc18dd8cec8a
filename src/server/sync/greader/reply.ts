// How the Google Reader API answers: JSON for data, "OK" for a change, plain
// text errors in ClientLogin's own format (Error=BadAuthentication) with a line
// saying why, conditional answers (ETag, 304) for what clients poll.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { conditional } from '../../http/conditional';
import { HttpError } from '../../http/errors';

const CODES: Record<number, string> = {
  400: 'BadRequest',
  401: 'BadAuthentication',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'BadRequest',
  409: 'Conflict',
  413: 'BadRequest',
  415: 'BadRequest',
  429: 'TooManyRequests',
};

export const BAD_TOKEN_HEADER = 'x-reader-google-bad-token';

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  const code = CODES[status] ?? 'Unknown';
  return reply
    .code(status)
    .headers(headers)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(`Error=${code}\nInfo=${message.replace(/[\r\n]+/g, ' ')}\n`);
}

/** The plugin's error handler: every failure in the API's own format, never a stack trace. */
export function greaderErrorHandler(
  err: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (err instanceof HttpError) return sendError(reply, err.statusCode, err.message, err.headers);
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'Request body is too large'
        : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send parameters as application/x-www-form-urlencoded'
          : err.message;
    return sendError(reply, status, message);
  }
  request.log.error({ err }, 'greader request failed');
  return sendError(reply, 500, 'Internal server error');
}

export const ok = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('OK');

export const text = (reply: FastifyReply, body: string) =>
  reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(body);

export const json = (reply: FastifyReply, body: unknown) =>
  reply
    .header('cache-control', 'private, no-cache')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));

export const conditionalJson = (request: FastifyRequest, reply: FastifyReply, body: unknown) =>
  conditional(request, reply, JSON.stringify(body), 'application/json; charset=utf-8');

// Answers that clients poll: the body goes with an ETag (a hash of it), and a
// client whose If-None-Match names it gets a 304 and nothing to parse.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The body with an ETag (a hash of it); 304 when the client's If-None-Match
 * names it. Clients that poll (feed readers, calendar apps, NetNewsWire's tag
 * and subscription lists, id streams) then get nothing to parse when nothing changed.
 */
export function conditional(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  type: string,
) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
    return reply.code(304).send();
  return reply.type(type).send(body);
}

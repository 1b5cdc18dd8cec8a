// Streams an answer as plain text chunks. The first piece is awaited before any
// header is sent, so a provider that fails at once answers a 4xx/5xx with
// {error}; once streaming, a failure ends the text with a short note. When the
// client goes away the signal aborts, which cancels the provider's request.
import type { FastifyReply } from 'fastify';
import { HttpError } from '../http/errors';

export async function streamText(
  reply: FastifyReply,
  abort: AbortController,
  pieces: AsyncIterable<string>,
): Promise<void> {
  const raw = reply.raw;
  const onClose = () => {
    if (!raw.writableFinished) abort.abort();
  };
  raw.on('close', onClose);
  const iterator = pieces[Symbol.asyncIterator]();
  try {
    // Errors here reach the error handler: a status and {error}.
    let first = await iterator.next();
    while (!first.done && first.value === '') first = await iterator.next();
    if (abort.signal.aborted) return void reply.hijack();

    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no', // proxies must pass pieces on as they come
      'x-content-type-options': 'nosniff',
    });
    if (first.done) {
      raw.end();
      return;
    }
    await write(raw, first.value, abort.signal);
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        if (abort.signal.aborted) break;
        await write(raw, next.value, abort.signal);
      }
    } catch (err) {
      if (!abort.signal.aborted) {
        const reason =
          err instanceof HttpError ? err.message : 'The answer could not be completed.';
        await write(raw, `\n\n_(The answer stopped: ${reason})_\n`, abort.signal);
        if (!(err instanceof HttpError)) reply.log.error({ err }, 'chat stream failed');
      }
    }
    if (!raw.destroyed) raw.end();
  } finally {
    raw.off('close', onClose);
    await iterator.return?.();
  }
}

/** Writes one piece, waiting for the socket to drain when its buffer is full. */
async function write(raw: FastifyReply['raw'], piece: string, signal: AbortSignal) {
  if (!piece || raw.destroyed || signal.aborted) return;
  if (raw.write(piece)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      raw.off('drain', done);
      raw.off('close', done);
      resolve();
    };
    raw.on('drain', done);
    raw.on('close', done);
  });
}

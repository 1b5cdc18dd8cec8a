// Graceful shutdown of the HTTP side: once draining, every new request gets 503
// (with Connection: close, so keep-alive clients reconnect elsewhere) while the
// requests already in flight run to completion.
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

export const SHUTTING_DOWN = 'The server is restarting. Please try again in a moment.';

export interface Drain {
  /** From now on new requests get 503; resolves when no request is in flight (or at the deadline). */
  start(deadlineMs: number): Promise<void>;
  readonly inFlight: number;
}

export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  let inFlight = 0;
  let idle: (() => void) | null = null;

  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      return reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', '5')
        .send(errorBody(SHUTTING_DOWN));
    }
    inFlight++;
    // 'close' fires however the exchange ends: sent, failed or aborted by the client.
    reply.raw.once('close', () => {
      inFlight--;
      if (inFlight === 0) idle?.();
    });
  });

  return {
    get inFlight() {
      return inFlight;
    },
    start(deadlineMs) {
      draining = true;
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadlineMs - Date.now()));
        idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}

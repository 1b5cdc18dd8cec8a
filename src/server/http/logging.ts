// Logs a person can read on a terminal (pino-pretty) and a machine can read
// elsewhere (JSON lines). Requests are debug-level: at the default `info` level
// the log shows what the server did (start-up, refresh summaries, errors), not
// every call a browser makes.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    // Synchronous and in-process: no transport worker thread to wait for at exit.
    stream: pretty({
      colorize: true,
      sync: true,
      translateTime: 'HH:MM:ss',
      ignore: 'pid,hostname,reqId',
    }),
  };
}

/** One debug line per request, after the response, with its status and duration. */
export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}

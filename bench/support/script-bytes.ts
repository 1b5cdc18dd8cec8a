// Counts the JavaScript a page downloads: every script response, with its size
// on the wire (as the server sent it, compressed) and gzipped at level 9 (the
// figure budgets are written in, independent of the server's encoding).
import zlib from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface ScriptBytes {
  url: string;
  raw: number;
  gzip: number;
  transferred: number;
}

/** Starts recording; call the returned function once the page has settled. */
export function recordScripts(page: Page): () => Promise<ScriptBytes[]> {
  const responses: Response[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') responses.push(res);
  });
  return async () =>
    Promise.all(
      responses.map(async (res) => {
        const body = await res.body();
        const sizes = await res.request().sizes();
        return {
          url: new URL(res.url()).pathname,
          raw: body.length,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          transferred: sizes.responseBodySize,
        };
      }),
    );
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export const sum = (scripts: ScriptBytes[], key: 'raw' | 'gzip' | 'transferred') =>
  scripts.reduce((total, s) => total + s[key], 0);

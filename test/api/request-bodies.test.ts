// Request bodies: the session is checked before a body is read, each route has a
// body limit that fits it, and JSON nested deeper than any call needs is refused.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPML_BODY_LIMIT } from '../../src/server/sources/opml';
import { DEFAULT_BODY_LIMIT, JSON_TOO_DEEP, MAX_JSON_DEPTH } from '../../src/server/http/body';
import { dialects } from '../helpers/database';
import { createSignedInUser } from '../helpers/factories';
import type { ApiClient } from '../helpers/client';
import { startTestServer, type TestServer } from '../helpers/server';

const nested = (bytes: number) => {
  const depth = Math.floor(bytes / 2);
  return '['.repeat(depth) + ']'.repeat(depth);
};

/**
 * Sends the headers of a `length`-byte JSON POST and only the first `sent` bytes of
 * its body, then waits for the answer: an answer that arrives proves the server
 * decided without reading (let alone parsing) the body.
 */
function answerBeforeBody(
  server: TestServer,
  path: string,
  length: number,
  sent: number,
  cookie?: string,
): Promise<{ status: number; body: { error?: string } }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path,
      headers: {
        'content-type': 'application/json',
        'content-length': String(length),
        ...(cookie ? { cookie } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
      });
    });
    req.on('error', (err) => {
      // Our own destroy() after the answer is not a failure.
      if (!req.destroyed) reject(err);
    });
    req.write('['.repeat(sent));
    // The rest of the body is never sent.
  });
}

describe.each(dialects)('request bodies (%s)', (dialect) => {
  let server: TestServer;
  let client: ApiClient;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    client = (await createSignedInUser(server)).client;
    admin = (await createSignedInUser(server, { role: 'admin' })).client;
  });
  afterAll(() => server.close());

  it('answers an anonymous 2 MB nested body with 401 before reading it', async () => {
    const res = await answerBeforeBody(server, '/_api/news/sources/opml', 2_000_000, 64 * 1024);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
    // Over every limit, still 401: the session comes first.
    const huge = await answerBeforeBody(server, '/_api/news/sources', 50_000_000, 1024);
    expect(huge.status).toBe(401);
    // A non-admin on an admin call: 403, also before the body.
    const cookie = client.cookieHeader;
    const forbidden = await answerBeforeBody(
      server,
      '/_api/admin/announcements',
      2_000_000,
      1024,
      cookie,
    );
    expect(forbidden.status).toBe(403);
  });

  it('refuses a signed-in body over its route’s limit with 413', async () => {
    // Declared too large: refused before a byte of it is read.
    const declared = await answerBeforeBody(
      server,
      '/_api/auth/update_profile',
      DEFAULT_BODY_LIMIT + 1,
      16,
      client.cookieHeader,
    );
    expect(declared.status).toBe(413);
    expect(declared.body.error).toBe('Request body is too large');

    const body = JSON.stringify({ displayName: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    const res = await client.request('POST', '/_api/auth/update_profile', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'Request body is too large',
      message: 'Request body is too large',
    });

    // The OPML import takes up to its own, larger limit…
    const opml = await client.post('/_api/news/sources/opml', {
      opml: `<opml version="2.0"><body>${' '.repeat(DEFAULT_BODY_LIMIT * 4)}</body></opml>`,
    });
    expect(opml.status).not.toBe(413);
    // …and no more.
    const tooBig = await client.post('/_api/news/sources/opml', {
      opml: 'x'.repeat(OPML_BODY_LIMIT),
    });
    expect(tooBig.status).toBe(413);

    // An announcement of 10,000 characters fits its route; the same body elsewhere does not.
    const content = 'Starlight '.repeat(1000);
    const announcement = {
      title: 'A long announcement',
      content,
      type: 'information',
      expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const created = await admin.post('/_api/admin/announcements', announcement);
    expect(created.status).toBe(201);
    const elsewhere = await admin.post('/_api/auth/update_profile', {
      displayName: 'Admin',
      note: content + content,
    });
    expect(elsewhere.status).toBe(413);
  });

  it('refuses JSON nested deeper than any call needs with 400, and accepts the nesting calls use', async () => {
    const deep = `{"sourceIds":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`;
    const res = await client.request('POST', '/_api/news/fetch', {
      body: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: JSON_TOO_DEEP, message: JSON_TOO_DEEP });

    // A 2 MB nested document from a signed-in user: refused by the linear scan, not parsed.
    const opml = await client.request('POST', '/_api/news/sources/opml', {
      body: nested(2_000_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(opml.status).toBe(400);
    expect(opml.body.error).toBe(JSON_TOO_DEEP);

    // Brackets inside strings are text, not nesting.
    const name = await client.post('/_api/auth/update_profile', {
      displayName: '[[[[[[[[[[[[ {{{{{{{{{{{{ "quoted" \\',
    });
    expect(name.status).toBe(200);
    const ok = await client.post('/_api/news/fetch', { sourceIds: [] });
    expect(ok.status).toBe(200);
  });
});

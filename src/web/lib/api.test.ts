// Error extraction per spec: the `error` field, else `message`, else the call's
// fallback, else "Request failed with status {code}".
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, api } from './api';

describe('api error messages', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const bodies: Record<string, string> = {
        '/error': JSON.stringify({ error: 'Name is required.' }),
        '/message': JSON.stringify({ message: 'Invalid email or password' }),
        '/neither': JSON.stringify({ detail: 'nothing useful' }),
        '/html': '<h1>Bad Gateway</h1>',
      };
      const type = req.url === '/html' ? 'text/html' : 'application/json';
      res
        .writeHead(req.url === '/html' ? 502 : 400, { 'content-type': type, 'retry-after': '90' })
        .end(bodies[req.url ?? ''] ?? '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const failure = (p: Promise<unknown>) =>
    p.then(
      () => expect.fail('should have failed'),
      (e: ApiError) => e,
    );

  it.each([
    ['/error', undefined, 'Name is required.'],
    ['/message', undefined, 'Invalid email or password'],
    ['/neither', 'Failed to fetch news sources', 'Failed to fetch news sources'],
    ['/neither', undefined, 'Request failed with status 400'],
    ['/html', undefined, 'Request failed with status 502'],
    ['/html', 'Failed to trigger news fetch', 'Failed to trigger news fetch'],
  ])('%s with fallback %s reads "%s"', async (path, fallback, message) => {
    const err = await failure(api.post(`${base}${path}`, {}, fallback));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe(message);
    expect(err.retryAfterSeconds).toBe(90);
  });
});

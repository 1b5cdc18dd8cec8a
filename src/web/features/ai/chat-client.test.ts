// The chat client's reading of answers and failures, against a real local server.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askQuestion, CHAT_ERRORS } from './chat-client';

type Reply = (res: http.ServerResponse) => void;
const replies = new Map<string, Reply>([
  [
    'pieces',
    (res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.write('Hello ');
      setTimeout(() => res.end('world — ✓'), 20);
    },
  ],
  [
    'error-field',
    (res) => {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Too many questions. Try again in 1:00.' }));
    },
  ],
  [
    'no-error-field',
    (res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{}');
    },
  ],
  [
    'not-json',
    (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    },
  ],
  [
    'no-body',
    (res) => {
      res.writeHead(204);
      res.end();
    },
  ],
]);

let server: http.Server;
let origin = '';
let next: Reply = () => {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => next(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function ask(reply: string) {
  next = replies.get(reply)!;
  const pieces: string[] = [];
  await askQuestion(
    'Why is the sky dark?',
    (p) => pieces.push(p),
    new AbortController().signal,
    origin,
  );
  return pieces;
}

describe('askQuestion', () => {
  it('hands over the answer piece by piece', async () => {
    const pieces = await ask('pieces');
    expect(pieces.join('')).toBe('Hello world — ✓');
    expect(pieces.length).toBeGreaterThanOrEqual(2);
  });

  it("reads the server's error field", async () => {
    await expect(ask('error-field')).rejects.toThrow('Too many questions. Try again in 1:00.');
  });

  it('falls back to the status without an error field', async () => {
    await expect(ask('no-error-field')).rejects.toThrow('Request failed with status 500');
  });

  it('says so when the error body cannot be parsed', async () => {
    await expect(ask('not-json')).rejects.toThrow(CHAT_ERRORS.unparsable);
    expect(CHAT_ERRORS.unparsable).toBe('Failed to parse error response');
  });

  it('says so when a success has no body', async () => {
    await expect(ask('no-body')).rejects.toThrow('The response body is empty.');
  });
});

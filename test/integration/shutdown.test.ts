// SIGTERM under load against the real process: requests in flight finish with
// their real answer, new ones get 503, and the process exits cleanly within 10 s.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  startServerProcess,
  stopSpawnedProcesses,
  type ServerProcess,
} from '../helpers/server-process';

describe('graceful shutdown', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-shutdown-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await stopSpawnedProcesses();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes in-flight requests, answers new ones 503, and exits 0 within 10 s', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    const { url, port } = server;

    // A login whose body is still arriving: in flight when the signal lands.
    const body = JSON.stringify({ email: 'late@example.test', password: 'Not-the-password-1' });
    const half = Math.floor(body.length / 2);
    const slow = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/_api/auth/login_with_password',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const slowResponse = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, half));

    // Load: 16 clients reading the session in a loop until the server is gone.
    let signalled = false;
    const statuses = new Map<number, number>();
    const errorsBeforeSignal: string[] = [];
    const load = Array.from({ length: 16 }, async () => {
      for (let i = 0; i < 10_000; i++) {
        try {
          const res = await fetch(`${url}/_api/auth/session`);
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        } catch (err) {
          // Once the listener closes, new connections are refused: the process is leaving.
          if (!signalled) errorsBeforeSignal.push(String(err));
          return;
        }
      }
    });
    await expect.poll(() => statuses.get(200) ?? 0).toBeGreaterThan(0);

    const startedAt = Date.now();
    signalled = true;
    server.child.kill('SIGTERM');

    // A new request while draining: answered 503 once the process has the signal.
    let during = await fetch(`${url}/_api/auth/session`);
    await expect
      .poll(async () => (during = await fetch(`${url}/_api/auth/session`)).status)
      .toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(await during.json()).toEqual({
      error: 'The server is restarting. Please try again in a moment.',
      message: 'The server is restarting. Please try again in a moment.',
    });

    // The in-flight login completes with its real answer.
    slow.end(body.slice(half));
    const finished = await slowResponse;
    expect(finished.status).toBe(401);
    expect(finished.text).toContain('Invalid email or password');

    const code = await server.exited;
    const tookMs = Date.now() - startedAt;
    await Promise.all(load);
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    expect(errorsBeforeSignal).toEqual([]);
    expect([...statuses.keys()].toSorted((a, b) => a - b)).toEqual([200, 503]);
    expect(server.output()).not.toMatch(/"level":(50|60)/); // no error logged

    // The database was closed cleanly: it opens and checks out.
    const db = new SQLite(path.join(dataDir, 'astrodash.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});

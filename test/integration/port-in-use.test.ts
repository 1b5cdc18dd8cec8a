// The server started on a port another process holds: it says so in one line and
// exits before it opens (or creates) its database, seeds sources or runs a job.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

let holder: net.Server;
let port: number;
let dataDir: string;

beforeAll(async () => {
  holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  port = (holder.address() as net.AddressInfo).port;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astrodash-port-'));
});

afterAll(async () => {
  await new Promise((resolve) => holder?.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the server until it exits by itself; answers its exit code and everything it wrote. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')],
    {
      cwd: ROOT,
      // As `npm start` runs it: seeding and jobs on, every log line shown.
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEFAULT_SOURCES: 'true',
        JOBS_ENABLED: 'true',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

it('with the port taken, says "set PORT" in one line and exits before touching the database', async () => {
  const { code, output } = await runServer({ PORT: String(port) });
  expect(code).toBe(1);
  expect(output.trim()).toBe(`Port ${port} is already in use; set PORT to use another one.`);
  // Nothing was opened, migrated or seeded.
  expect(fs.readdirSync(dataDir)).toEqual([]);
});

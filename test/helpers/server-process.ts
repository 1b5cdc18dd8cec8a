// The real server as a child process (src/server/main.ts through tsx), for tests
// of what only a process can show: signals, exit codes, a database left on disk,
// kill -9 during ingestion, load from outside (the soak).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

// Every child a test spawns, from the moment it is spawned: a test that times out
// while awaiting a child's start never holds a handle to it, so its afterAll
// ends what is listed here (stopSpawnedProcesses), and the test process's exit does too.
const spawned = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of spawned) child.kill('SIGKILL');
});

/** Lists `child` for stopSpawnedProcesses() until it exits. Returns it. */
export function trackProcess<T extends ChildProcess>(child: T): T {
  if (child.exitCode === null && child.signalCode === null) {
    spawned.add(child);
    child.once('exit', () => spawned.delete(child));
  }
  return child;
}

/** Kills every child still running (SIGKILL) and waits until each has exited. */
export async function stopSpawnedProcesses(): Promise<void> {
  await Promise.all(
    [...spawned].map(async (child) => {
      spawned.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }),
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
  /** Sends the signal (SIGTERM by default) and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the server with `env` on top of quiet test defaults and waits until it answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = trackProcess(
    spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        JOBS_ENABLED: 'false',
        SEED_DEFAULT_SOURCES: 'false',
        // Generated and recorded feeds carry old dates; keep them all (the purge age is tested apart).
        PURGE_AGE_DAYS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const url = `http://127.0.0.1:${port}`;
  // Only a hang ends here: a loaded machine may take many seconds to start it.
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      // Bounded: a server that takes the connection and never answers must not stall this loop.
      if ((await fetch(`${url}/_api/auth/session`, { signal: AbortSignal.timeout(10_000) })).ok)
        break;
    } catch {
      /* not listening yet, or no answer within 10 s */
    }
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

// `npm start` with the port taken must fail before it opens the database, seeds
// sources or runs a job, and say what to do: one line, no stack.
import net from 'node:net';

export class PortUnavailableError extends Error {}

/** The one line an operator sees, for a listen error on this port; null for other errors. */
export function portProblem(err: unknown, port: number): string | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') return `Port ${port} is already in use; set PORT to use another one.`;
  if (code === 'EACCES')
    return `Port ${port} needs more privileges than this process has; set PORT to use another one (1024 or above).`;
  return null;
}

/**
 * Binds the address for a moment and lets it go; throws PortUnavailableError when
 * another process holds it. PORT=0 (any free port) needs no check.
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err) => {
      const problem = portProblem(err, port);
      reject(problem ? new PortUnavailableError(problem) : err);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

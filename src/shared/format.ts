// Formatting both sides need to agree on.

/** m:ss, as the Refresh Feed button and the server's "Try again in …" messages show it. */
export function minutesSeconds(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

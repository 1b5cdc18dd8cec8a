// Formatting both sides need to agree on.

/** m:ss, as the Refresh Feed button and the server's "Try again in …" messages show it. */
export function minutesSeconds(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * "20:58" → "8:58 PM": a place's wall-clock time in the app's one time format
 * (the web's formatTime() writes instants the same way). Anything else is returned as is.
 */
export function clock12(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const hour = Number(m[1]);
  return `${hour % 12 || 12}:${m[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

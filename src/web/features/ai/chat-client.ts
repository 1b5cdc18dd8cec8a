// POST /_api/ai/chat: the answer is a plain-text body read in chunks as they
// arrive. Failures carry the spec's reasons: the server's `error` field, else
// 'Request failed with status {code}'; an unreadable error body gives
// 'Failed to parse error response'; a success without a body 'The response body is empty.'
export const CHAT_ERRORS = {
  emptyBody: 'The response body is empty.',
  unparsable: 'Failed to parse error response',
} as const;

export class ChatError extends Error {}

async function errorReason(res: Response): Promise<string> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return CHAT_ERRORS.unparsable;
  }
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string')
    return body.error;
  return `Request failed with status ${res.status}`;
}

/** Streams the answer to `onPiece`; resolves when it ends, rejects with ChatError on failure. */
export async function askQuestion(
  question: string,
  onPiece: (text: string) => void,
  signal: AbortSignal,
  /** Same origin in the browser; tests pass a server's address. */
  origin = '',
): Promise<void> {
  const res = await fetch(`${origin}/_api/ai/chat`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
    signal,
  });
  if (!res.ok) throw new ChatError(await errorReason(res));
  if (!res.body) throw new ChatError(CHAT_ERRORS.emptyBody);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    if (text) onPiece(text);
  }
  const rest = decoder.decode();
  if (rest) onPiece(rest);
}

// The one fetch wrapper: JSON in and out, cookies included, errors extracted the
// way the spec says: the `error` field, else `message`, else the call's own
// fallback (e.g. 'Failed to fetch news sources'), else the status.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Seconds from a Retry-After header (e.g. on 429), else null. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

async function errorFrom(res: Response, fallback?: string): Promise<ApiError> {
  let message = fallback ?? `Request failed with status ${res.status}`;
  try {
    const body = await res.json();
    if (body && typeof body.error === 'string') message = body.error;
    else if (body && typeof body.message === 'string') message = body.message;
  } catch {
    /* not JSON: keep the status message */
  }
  const retryAfter = Number(res.headers.get('retry-after'));
  return new ApiError(
    message,
    res.status,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

export async function apiRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  fallback?: string,
): Promise<T> {
  const res = await fetch(
    path,
    method === 'POST'
      ? {
          method,
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        }
      : { method, credentials: 'include' },
  );
  if (!res.ok) throw await errorFrom(res, fallback);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const api = {
  get: <T>(path: string, fallback?: string) => apiRequest<T>('GET', path, undefined, fallback),
  post: <T>(path: string, body?: unknown, fallback?: string) =>
    apiRequest<T>('POST', path, body, fallback),
  /** Multipart upload (the avatar); the browser sets the boundary. */
  async upload<T>(path: string, form: FormData): Promise<T> {
    const res = await fetch(path, { method: 'POST', credentials: 'include', body: form });
    if (!res.ok) throw await errorFrom(res);
    return (await res.json()) as T;
  },
};

const scalar = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? String(v)
    : JSON.stringify(v);

/** Builds a query string, repeating array values as `key[]` like the spec's sourceIds[]. */
export function toQuery(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) q.append(`${key}[]`, scalar(v));
    else q.append(key, scalar(value));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

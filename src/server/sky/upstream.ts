// GET JSON from an operator-configured upstream (Open-Meteo, SWPC). These base
// URLs are operator settings and may be private (a self-hosted Open-Meteo, a
// fixture server), so they skip the user-URL SSRF guard, but keep a deadline
// and a size cap. TODO(lead): switch to ingest/http.ts's trusted fetch once it lands.
import { request } from 'undici';

export class UpstreamError extends Error {}

export interface UpstreamOptions {
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
}

export async function getJson(url: string, options: UpstreamOptions): Promise<unknown> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(url, {
      method: 'GET',
      signal,
      headers: { accept: 'application/json', 'user-agent': options.userAgent },
    });
  } catch (err) {
    throw new UpstreamError(describe(err, signal));
  }
  const host = new URL(url).host;
  if (res.statusCode < 200 || res.statusCode >= 300) {
    await res.body.dump().catch(() => undefined);
    throw new UpstreamError(`${host} answered ${res.statusCode}`);
  }
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await res.body.dump().catch(() => undefined);
    throw new UpstreamError(`${host} sent more than ${options.maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > options.maxBytes) {
        res.body.destroy();
        throw new UpstreamError(`${host} sent more than ${options.maxBytes} bytes`);
      }
      chunks.push(buf);
    }
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    throw new UpstreamError(describe(err, signal));
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new UpstreamError(`${host} sent invalid JSON`);
  }
}

function describe(err: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'Upstream timed out';
  return err instanceof Error ? err.message : 'Upstream request failed';
}

// GET JSON from an operator-configured upstream (Open-Meteo, SWPC). These base URLs
// are operator settings and may be private (a self-hosted Open-Meteo, a fixture
// server), so they go through the guarded client's trusted mode: no address check,
// but the same redirect limit and body reading, with a shorter deadline and a smaller
// cap than feeds get, because the header strip waits for them.
import type { Config } from '../config';
import { createGuardedHttp } from '../net/guarded-http';

export class UpstreamError extends Error {}

export type GetJson = (url: string) => Promise<unknown>;

export function createUpstream(config: Config): GetJson {
  const http = createGuardedHttp(
    {
      ...config.ingest,
      timeoutMs: Math.min(config.ingest.timeoutMs, 8000),
      maxBytes: 4 * 1024 * 1024,
      perHostConcurrency: 8,
    },
    { trusted: true },
  );
  return async (url) => {
    const host = new URL(url).host;
    let res;
    try {
      res = await http.get(url, { headers: { accept: 'application/json' } });
    } catch (err) {
      throw new UpstreamError(err instanceof Error ? err.message : 'Upstream request failed');
    }
    if (res.status < 200 || res.status >= 300) {
      throw new UpstreamError(`${host} answered ${res.status}`);
    }
    try {
      return JSON.parse(res.text) as unknown;
    } catch {
      throw new UpstreamError(`${host} sent invalid JSON`);
    }
  };
}

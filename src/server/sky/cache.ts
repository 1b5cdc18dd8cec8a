// A small TTL cache whose concurrent misses for one key share a single load.
// Failures are not cached, so the next request tries the upstream again.
import { LruMap } from '../lru-map';

export class SharedCache<T> {
  private readonly entries: LruMap<string, { value: T; expires: number }>;
  private inflight = new Map<string, Promise<T>>();

  constructor(
    /** Lifetime of a value; a function lets failures live shorter than answers. */
    private readonly ttlMs: number | ((value: T) => number),
    maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LruMap({ maxEntries });
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = load()
      .then((value) => {
        this.set(key, value);
        return value;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private set(key: string, value: T) {
    const ttl = typeof this.ttlMs === 'number' ? this.ttlMs : this.ttlMs(value);
    this.entries.set(key, { value, expires: this.now() + ttl });
  }
}

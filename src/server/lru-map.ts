// A map that keeps its most recently used entries: beyond `maxEntries` (or, with
// `weigh`, beyond `maxWeight` in total) the least recently used go first. Maps
// iterate in insertion order, so re-inserting on use keeps the oldest in front.

export interface LruLimits<V> {
  maxEntries: number;
  /** Total weight kept at most (e.g. ids held across cached results); needs `weigh`. */
  maxWeight?: number;
  weigh?: (value: V) => number;
}

export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(private readonly limits: LruLimits<V>) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores the value as the most recently used, then evicts the least recently used beyond the limits. */
  set(key: K, value: V): this {
    this.delete(key);
    this.entries.set(key, value);
    this.weight += this.limits.weigh?.(value) ?? 0;
    for (const oldest of this.entries.keys()) {
      if (!this.overLimits()) break;
      this.delete(oldest);
    }
    return this;
  }

  delete(key: K): boolean {
    const value = this.entries.get(key);
    if (value === undefined) return false;
    this.weight -= this.limits.weigh?.(value) ?? 0;
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  private overLimits(): boolean {
    const { maxEntries, maxWeight } = this.limits;
    return this.entries.size > maxEntries || (maxWeight !== undefined && this.weight > maxWeight);
  }
}

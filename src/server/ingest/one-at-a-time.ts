// Lets one job at a time through, in arrival order. An ingest worker holds
// many fetches at once; a large document needs many times its size in heap
// while it is parsed and normalised, so large ones take turns (ingest-source.ts).
// That keeps a thread's peak near one large document plus the small ones,
// which is what lets ingest-threads.ts give it a bounded heap.

export class OneAtATime {
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  /** A job's pass: enter() waits for its turn (once; again is a no-op), end() gives it up. */
  pass(): Pass {
    return new Pass(this);
  }

  /** Resolves when the caller holds the turn. */
  acquire(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}

export class Pass {
  #entered: Promise<void> | null = null;
  #state: 'waiting' | 'in' | 'ended' = 'waiting';
  readonly #gate: OneAtATime;

  constructor(gate: OneAtATime) {
    this.#gate = gate;
  }

  /**
   * Waits for the turn, which the job then keeps until end(); entering again
   * waits for the same turn. Throws `ended()` when the job ended while it
   * waited (it gave up at its deadline): the turn goes straight to the next
   * job instead of to work nobody awaits.
   */
  enter(ended: () => Error): Promise<void> {
    return (this.#entered ??= this.#take(ended));
  }

  async #take(ended: () => Error): Promise<void> {
    await this.#gate.acquire();
    if (this.#state === 'ended') {
      this.#gate.release();
      throw ended();
    }
    this.#state = 'in';
  }

  end(): void {
    if (this.#state === 'in') this.#gate.release();
    this.#state = 'ended';
  }
}

/**
 * On a CPU, a batch costs time in proportion to its tokens, so a background token decoded beside the prose delays the
 * prose by as much as it gains the background (two generations in one batch measured 0.99× their speed in series).
 * And node-llama-cpp fills every batch with whatever is queued at that instant: between two narration tokens (while
 * the next one is sampled) only the background is queued, so it gets a whole 512-token batch, and the narration
 * waits for each. The gate keeps background calls out of the way instead: they take their prompt in short chunks
 * and their reply token by token, and before each they wait while any foreground call is running. Measured on the
 * 1B-shaped model beside a 2,000-token background prompt (`local.stream_beside_background_ratio`): the narration ran
 * at 0.953× its speed alone, against 0.096× with node-llama-cpp's even split.
 */
export class ForegroundGate {
  #running = 0;
  #waiting: (() => void)[] = [];

  /** Runs a foreground call; background calls step aside until it (and every other one) has finished. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
      if (this.#running === 0) this.#openUp();
    }
  }

  /** For a background call between two steps: null when the way is clear, else a promise of when it is. */
  clear(): Promise<void> | null {
    if (this.#running === 0) return null;
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #openUp(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/**
 * Work per key (a conversation) one after another, in the order it was asked for: this instance
 * stores a conversation's messages and lifecycle steps one at a time, so a sender's order holds.
 * A failed step does not stop the ones behind it. drain() waits for what is running (shutdown).
 */
export function createSerialQueue() {
  const chains = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<unknown>>();

  return {
    /** Runs work after everything queued before it for key; settles as work does. */
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const previous = chains.get(key) ?? Promise.resolve();
      const next = previous.then(work, work);
      const settled = next.then(
        () => undefined,
        () => undefined,
      );
      chains.set(key, settled);
      inFlight.add(settled);
      void settled.then(() => {
        inFlight.delete(settled);
        if (chains.get(key) === settled) chains.delete(key);
      });
      return next;
    },

    /** Keys with work queued or running. */
    get busy(): number {
      return chains.size;
    },

    /** Waits for the work queued now, at most timeoutMs. */
    async drain(timeoutMs = 5_000): Promise<void> {
      if (!inFlight.size) return;
      await Promise.race([Promise.all([...inFlight]), new Promise((r) => setTimeout(r, timeoutMs).unref())]);
    },
  };
}
export type SerialQueue = ReturnType<typeof createSerialQueue>;

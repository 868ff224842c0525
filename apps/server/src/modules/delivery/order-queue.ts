/**
 * Uber orders worked first come, first served by a few workers, each taking its share of the orders
 * waiting (up to `batch`) as one group (order-work.ts decides a group in one transaction). A burst (fifty
 * orders at once) worked all at once would make every order wait for all the others (they share the
 * database's connections and two cores), so each would answer near the end of the whole burst; a
 * few workers taking groups keep the database busy, answer the first orders first, and spend one
 * transaction where a group of orders would each have spent theirs.
 */
export interface OrderQueue<T> {
  /** Work `item` when a worker is free (after the current turn: the webhook's answer goes first). */
  push(item: T): void;
  /** Resolves once nothing waits or runs (the app closing). */
  drained(): Promise<void>;
}

export function createOrderQueue<T>(opts: {
  workers: number;
  batch: number;
  work: (items: T[]) => Promise<void>;
  onError: (error: unknown) => void;
  /** Nothing waits or runs any more. */
  onIdle?: () => void;
}): OrderQueue<T> {
  const waiting: T[] = [];
  let running = 0;
  let idle: Array<() => void> = [];

  function settleIdle() {
    if (running || waiting.length) return;
    opts.onIdle?.();
    const resolve = idle;
    idle = [];
    for (const r of resolve) r();
  }

  function pump() {
    while (running < opts.workers && waiting.length) {
      // What waits is shared among the free workers (a group's orders all answer when it ends).
      const share = Math.ceil(waiting.length / (opts.workers - running));
      const items = waiting.splice(0, Math.min(opts.batch, share));
      running++;
      void opts
        .work(items)
        .catch(opts.onError)
        .finally(() => {
          running--;
          pump();
          settleIdle();
        });
    }
  }

  return {
    push(item) {
      waiting.push(item);
      if (waiting.length === 1) setImmediate(pump);
    },
    drained: () =>
      running || waiting.length ? new Promise<void>((resolve) => idle.push(resolve)) : Promise.resolve(),
  };
}

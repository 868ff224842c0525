/**
 * A value read from the database by a query that started after the caller asked: what a request
 * needs to see every change committed before it arrived. Callers that ask while a read is under way
 * share the next one (started when the current one ends), so a burst of requests costs two reads,
 * not one each, and none of them is answered by a read that began before it asked.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const p = read().finally(() => {
      if (running === p) running = null;
    });
    running = p;
    return p;
  };
  return () => {
    if (!running) return start();
    // The read under way may have begun before this caller asked: wait for the one after it.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

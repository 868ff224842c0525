/**
 * Click guard (spec §5): after a click the button stays disabled for 3000 ms, or a configured time,
 * so a double click cannot send the same request twice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const CLICK_GUARD_MS = 3000;

/** Framework-free core: wraps a handler so that calls within `ms` of an accepted call are dropped. */
export function guardClicks<A extends unknown[]>(
  handler: (...args: A) => void,
  ms = CLICK_GUARD_MS,
  now: () => number = Date.now,
): (...args: A) => boolean {
  let lockedUntil = 0;
  return (...args: A) => {
    const time = now();
    if (time < lockedUntil) return false;
    lockedUntil = time + ms;
    handler(...args);
    return true;
  };
}

/**
 * Hook form: `[disabled, onClick]` for a button; `onClick` answers whether the click was accepted.
 * `lockAfterEvent` shows the lock only once the click's event is over: a submit button disabled
 * while its click is being dispatched would cancel the very submission it was clicked for.
 */
export function useClickGuard<A extends unknown[]>(
  handler: (...args: A) => void,
  ms = CLICK_GUARD_MS,
  { lockAfterEvent = false }: { lockAfterEvent?: boolean } = {},
): [boolean, (...args: A) => boolean] {
  const [disabled, setDisabled] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  }, [handler]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onClick = useCallback(
    (...args: A) => {
      if (timer.current !== undefined) return false;
      if (lockAfterEvent) setTimeout(() => timer.current !== undefined && setDisabled(true), 0);
      else setDisabled(true);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        setDisabled(false);
      }, ms);
      latest.current(...args);
      return true;
    },
    [ms, lockAfterEvent],
  );
  return [disabled, onClick];
}

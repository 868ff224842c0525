/**
 * Query parameters a page is opened with (`/device-detail?id=7`, `/device-list?condition=offline`).
 * Pages stay mounted in their tab when another is shown, and a tab (or the sidebar) reopens a page
 * by its bare path, so the address alone cannot be the page's state: this gives the parameters of
 * the last arrival at `path` that carried any of `names`. Arrivals without them, and locations of
 * other pages, leave the answer as it was; `key` changes with each arrival that counts.
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';

export interface Arrival {
  /** Changes each time the page is opened with some of the parameters. */
  key: string;
  values: Record<string, string | undefined>;
}

export function readArrival(search: string, names: readonly string[]): Arrival['values'] | null {
  const params = new URLSearchParams(search);
  if (!names.some((name) => params.get(name))) return null;
  return Object.fromEntries(names.map((name) => [name, params.get(name) || undefined]));
}

export function useArrivalParams(path: string, names: readonly string[]): Arrival {
  const location = useLocation();
  const here = location.pathname === path;
  const current = here ? readArrival(location.search, names) : null;
  const [arrival, setArrival] = useState<{ key: string; search: string }>(() => ({
    key: current ? location.key : '',
    search: current ? location.search : '',
  }));
  // Set during render (not in an effect) so the page never renders once with stale parameters.
  if (current && arrival.key !== location.key) setArrival({ key: location.key, search: location.search });
  const nameList = names.join(',');
  return useMemo(
    () => ({
      key: arrival.key,
      values: readArrival(arrival.search, nameList.split(',')) ?? {},
    }),
    [arrival, nameList],
  );
}

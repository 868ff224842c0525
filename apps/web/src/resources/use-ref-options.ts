/** Options of a `ref`/`refs` field: the target resource's `/select`. */
import { useQuery } from '@tanstack/react-query';
import { RESOURCES } from '@brewfleet/contracts/resources/index';
import { resourceApi, type SelectNarrowing } from '../api/resource-api';
import type { SelectOption } from '../api/access-api';

export const resourceKeys = {
  all: (name: string) => ['resource', name] as const,
  list: (name: string, body: unknown) => ['resource', name, 'list', body] as const,
  item: (name: string, id: string) => ['resource', name, 'item', id] as const,
  select: (name: string, narrow: SelectNarrowing = {}) =>
    ['resource', name, 'select', narrow.merchantId ?? '', narrow.family ?? ''] as const,
};

/**
 * How a ref's target is picked: from all its rows (`all`), by typing the start of its label among
 * too many to list (`search`: an order), or not at all (`null`: a cup, which no label would find) —
 * then it is typed as an ID and shown as one.
 */
export function refPicker(name: string | undefined): 'all' | 'search' | null {
  const def = name ? RESOURCES[name] : undefined;
  if (!def || def.disable?.includes('select')) return null;
  return def.picker ?? 'all';
}

/** All the options of a ref whose target lists them (a search picker's come as typed: useSearchedOptions). */
export function useRefOptions(name: string | undefined, enabled = true, narrow: SelectNarrowing = {}) {
  return useQuery<SelectOption[]>({
    queryKey: resourceKeys.select(name ?? '', narrow),
    queryFn: () => resourceApi.select(name!, narrow),
    enabled: refPicker(name) === 'all' && enabled,
    staleTime: 60_000,
  });
}

/**
 * A search picker's options for what was typed (the newest rows when nothing is), asked only once
 * the picker is open or something is typed: a form shows many such fields nobody opens.
 */
export function useSearchedOptions(name: string, keyword: string, enabled: boolean) {
  return useQuery<SelectOption[]>({
    queryKey: [...resourceKeys.select(name), 'search', keyword],
    queryFn: () => resourceApi.select(name, keyword ? { keyword } : {}),
    enabled: enabled || keyword !== '',
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

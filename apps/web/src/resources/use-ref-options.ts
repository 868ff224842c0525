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
 * Whether a ref's target offers `/select`. A cup or an order does not (a merchant has millions, and
 * no list of names would find one): such a ref is typed as an ID and shown as one.
 */
export function refPickable(name: string | undefined): boolean {
  return !!name && !RESOURCES[name]?.disable?.includes('select');
}

export function useRefOptions(name: string | undefined, enabled = true, narrow: SelectNarrowing = {}) {
  return useQuery<SelectOption[]>({
    queryKey: resourceKeys.select(name ?? '', narrow),
    queryFn: () => resourceApi.select(name!, narrow),
    enabled: refPickable(name) && enabled,
    staleTime: 60_000,
  });
}

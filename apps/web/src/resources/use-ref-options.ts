/** Options of a `ref`/`refs` field: the target resource's `/select`. */
import { useQuery } from '@tanstack/react-query';
import { resourceApi, type SelectNarrowing } from '../api/resource-api';
import type { SelectOption } from '../api/access-api';

export const resourceKeys = {
  all: (name: string) => ['resource', name] as const,
  list: (name: string, body: unknown) => ['resource', name, 'list', body] as const,
  item: (name: string, id: string) => ['resource', name, 'item', id] as const,
  select: (name: string, narrow: SelectNarrowing = {}) =>
    ['resource', name, 'select', narrow.merchantId ?? '', narrow.family ?? ''] as const,
};

export function useRefOptions(name: string | undefined, enabled = true, narrow: SelectNarrowing = {}) {
  return useQuery<SelectOption[]>({
    queryKey: resourceKeys.select(name ?? '', narrow),
    queryFn: () => resourceApi.select(name!, narrow),
    enabled: !!name && enabled,
    staleTime: 60_000,
  });
}

/**
 * Releases looked up for the store and equipment menus. Both read the generic list, so they follow
 * every change made on the distribution screen (its invalidations cover `['resource', 'menu-release']`).
 */
import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../api/resource-api';
import type { Row } from '../../api/types';
import { resourceKeys } from '../../resources/use-ref-options';

/** Recent releases of a store looked at for the one its machines took (drafts sort first: room for them). */
const STORE_HISTORY = 100;

/**
 * The release a version names. Versions are numbered per merchant (2026-11-22.3), so the machine's
 * merchant picks among equal versions; `version` is searched as a substring, hence the exact match.
 */
export function pickRelease(rows: Row[], version: string, merchantId?: unknown): Row | null {
  const exact = rows.filter((r) => r.version === version);
  return (
    exact.find((r) => merchantId != null && String(r.merchantId) === String(merchantId)) ?? exact[0] ?? null
  );
}

export function useReleaseOfVersion(version: unknown, merchantId?: unknown) {
  const body = { page: 1, limit: 20, version: String(version ?? '') };
  return useQuery({
    queryKey: resourceKeys.list('menu-release', body),
    queryFn: () => resourceApi.list('menu-release', body),
    enabled: typeof version === 'string' && version !== '',
    staleTime: 30_000,
    select: (page) => pickRelease(page.list, String(version), merchantId),
  });
}

/** A store's current menu: the latest release pushed for it that some of its machines took. */
export function latestTaken(rows: Row[]): Row | null {
  return rows.find((r) => !!r.pushedAt && Number(r.succeeded ?? 0) > 0) ?? null;
}

export function useStoreCurrentRelease(storeId: string | undefined) {
  const body = { page: 1, limit: STORE_HISTORY, sort: '-pushedAt', storeId };
  return useQuery({
    queryKey: resourceKeys.list('menu-release', body),
    queryFn: () => resourceApi.list('menu-release', body),
    enabled: !!storeId,
    select: (page) => latestTaken(page.list),
  });
}

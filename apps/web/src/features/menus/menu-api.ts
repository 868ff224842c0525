/**
 * The menu distribution calls beside the generic menu-release resource (issue 6 §4): push (again),
 * roll back and the per-machine progress of one release. Answer shapes: the contracts' answers/menus.ts.
 */
import type {
  MenuProgress,
  MissingProduct,
  PushResult,
  RollbackResult,
} from '@brewfleet/contracts/answers/menus';
import type { MenuProduct } from '@brewfleet/contracts/menu-protocol';
import { http } from '../../api/client';

export type {
  MenuProgress,
  ProgressMachine,
  PushResult,
  RejectionDetail,
  RollbackResult,
  SkippedMachine,
} from '@brewfleet/contracts/answers/menus';

/** A product frozen into a release when it was built (what machines of its family receive). */
export interface ReleaseProduct extends MenuProduct {
  productId: string;
}

export interface ReleaseContent {
  name: string;
  products: ReleaseProduct[];
}

const BASE = '/coffee/menu-release';

export const menuApi = {
  /** To every target, or only to `deviceIds` (those that failed or expired). */
  push: (id: string, deviceIds?: string[]) =>
    http.post<PushResult>(`${BASE}/push`, deviceIds ? { id, deviceIds } : { id }),
  rollback: (id: string) => http.post<RollbackResult>(`${BASE}/rollback`, { id }),
  progress: (id: string) => http.get<MenuProgress>(`${BASE}/progress`, { id }),
  missingProducts: (id: string) =>
    http.get<{ products: MissingProduct[] }>(`${BASE}/missing-products`, { id }),
  /** Adds them to the store's products; a draft is built again (`rebuilt`). */
  addMissingProducts: (id: string) =>
    http.post<{ added: number; rebuilt: boolean }>(`${BASE}/add-missing-products`, { id }),
};

/** The content of a release row, whatever the server sent (an older row may lack parts). */
export function contentOf(row: Record<string, unknown> | null | undefined): ReleaseContent {
  const content = row?.content as Partial<ReleaseContent> | null | undefined;
  return {
    name: content?.name ?? String(row?.name ?? ''),
    products: Array.isArray(content?.products) ? content.products : [],
  };
}

/**
 * The menu distribution calls beside the generic menu-release resource (issue 6 §4): push (again),
 * roll back and the per-machine progress of one release. Answer shapes follow
 * apps/server/src/modules/menus/menus.ts.
 */
import type { CommandState } from '@brewfleet/contracts/enums';
import type { MenuProduct } from '@brewfleet/contracts/menu-protocol';
import { http } from '../../api/client';

/** A machine the push left out, with the server's reason (e.g. no product of its family). */
export interface SkippedMachine {
  deviceId: string;
  serialNumber: string;
  reason: string;
}

export interface PushResult {
  version: string;
  queued: number;
  skipped: SkippedMachine[];
}

export interface RollbackResult extends PushResult {
  /** The new release made with the earlier content. */
  id: string;
}

/** A rejected menu's reasons, product by product (the machine's own words). */
export interface RejectionDetail {
  productCode?: string;
  message: string;
}

/** The latest menu command of this release for one machine. */
export interface ProgressMachine {
  deviceId: string;
  serialNumber: string;
  name: string | null;
  online: boolean;
  commandId: string;
  state: CommandState;
  attempts: number;
  reason: string | null;
  /** The server's reason as a key and parameters (device/command-reason.ts); absent: the machine's words. */
  reasonKey?: string | null;
  reasonParams?: Record<string, unknown> | null;
  details: RejectionDetail[] | null;
  updatedAt: string;
}

export interface MenuProgress {
  id: string;
  version: string;
  state: string;
  targets: number;
  succeeded: number;
  failed: number;
  machines: ProgressMachine[];
}

/** A product frozen into a release when it was built (what machines of its family receive). */
export interface ReleaseProduct extends MenuProduct {
  productId: string;
}

export interface ReleaseContent {
  name: string;
  products: ReleaseProduct[];
}

/** A product of the merchant a store's machines could sell, not among the store's products. */
export interface MissingProduct {
  id: string;
  code: string;
  name: string;
  family: string;
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

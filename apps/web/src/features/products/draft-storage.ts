/**
 * Drafts of the product flow in local storage, one per user, route and product id, so that leaving
 * the page — another tab, a reload, a closed browser — loses nothing: the flow offers the draft back
 * when it opens again, and forgets it once the product is saved or the user discards it.
 */
import type { ProductDraft } from './product-draft';

const PREFIX = 'brewfleet:product-draft';
/** Bumped when the draft's shape changes: an old draft is then ignored rather than misread. */
const VERSION = 1;

export interface StoredDraft {
  draft: ProductDraft;
  step: number;
  savedAt: string;
}

export function draftKey(userId: string, route: string, productId?: string): string {
  return [PREFIX, userId || 'anonymous', route, productId ?? 'new'].join(':');
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the flow still works, without drafts
  }
}

export function saveDraft(key: string, draft: ProductDraft, step: number, now = new Date()): void {
  const value: StoredDraft & { version: number } = {
    version: VERSION,
    draft,
    step,
    savedAt: now.toISOString(),
  };
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded: keep working; the draft just is not kept.
  }
}

export function loadDraft(key: string): StoredDraft | null {
  const text = storage()?.getItem(key);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredDraft> & { version?: number };
    if (value.version !== VERSION || !value.draft || typeof value.draft !== 'object') return null;
    if (!Array.isArray(value.draft.steps) || !Array.isArray(value.draft.materials)) return null;
    return {
      draft: upgrade(value.draft),
      step: Number.isInteger(value.step) ? Number(value.step) : 0,
      savedAt: String(value.savedAt ?? ''),
    };
  } catch {
    return null;
  }
}

/** A draft kept before products had several images had one `image`: it becomes the cover. */
function upgrade(draft: ProductDraft & { image?: unknown }): ProductDraft {
  if (Array.isArray(draft.images)) return draft;
  const { image, ...rest } = draft;
  return { ...rest, images: typeof image === 'string' && image ? [image] : [] };
}

export function clearDraft(key: string): void {
  storage()?.removeItem(key);
}

/**
 * Interface state lives in session storage (spec §2): restored once at start, written before the page
 * unloads. Each store registers the slice it wants kept; functions and transient flags are left out.
 */
import type { StoreApi } from 'zustand';

const PREFIX = 'brewfleet:';

interface Entry {
  store: StoreApi<object>;
  pick: (state: object) => object;
}

const registry = new Map<string, Entry>();

export function registerPersisted<S extends object>(
  key: string,
  store: StoreApi<S>,
  pick: (state: S) => Partial<S>,
): void {
  registry.set(key, { store: store as unknown as StoreApi<object>, pick: pick as (state: object) => object });
}

export function restorePersistedStores(storage: Storage = sessionStorage): void {
  for (const [key, { store }] of registry) {
    const raw = storage.getItem(PREFIX + key);
    if (!raw) continue;
    try {
      const saved = JSON.parse(raw) as unknown;
      if (saved && typeof saved === 'object') store.setState(saved as object);
    } catch {
      storage.removeItem(PREFIX + key); // a corrupt entry must not block start-up
    }
  }
}

export function savePersistedStores(storage: Storage = sessionStorage): void {
  for (const [key, { store, pick }] of registry) {
    storage.setItem(PREFIX + key, JSON.stringify(pick(store.getState())));
  }
}

export function clearPersistedStores(storage: Storage = sessionStorage): void {
  for (const key of registry.keys()) storage.removeItem(PREFIX + key);
}

/** Installs the `beforeunload` writer; returns the remover. */
export function saveStoresOnUnload(target: Window = window): () => void {
  const save = () => savePersistedStores();
  target.addEventListener('beforeunload', save);
  return () => target.removeEventListener('beforeunload', save);
}

/** Nest flat rows (id, parentId) into a tree; rows whose parent is missing become roots. */
export function buildTree<T extends { id: string; parentId: string }, K extends string>(
  items: Array<T & Record<K, unknown[]>>,
  childrenKey: K,
): Array<T & Record<K, unknown[]>> {
  const byId = new Map(items.map((i) => [i.id, i]));
  const roots: Array<T & Record<K, unknown[]>> = [];
  for (const item of items) {
    const parent = byId.get(item.parentId);
    if (parent && parent !== item) (parent[childrenKey] as unknown[]).push(item);
    else roots.push(item);
  }
  return roots;
}

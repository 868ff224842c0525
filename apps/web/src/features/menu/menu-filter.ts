/**
 * What the menu settings page shows of the tree: the menus matching a search (by any of their three
 * names, address or permission code), each with its whole subtree and the directories above it, and
 * which rows open by default (directories, so every page shows and its buttons wait for a click: the
 * whole tree open is ~300 rows and ~9,600 nodes, the slowest page of the console to open).
 */
import { MENU_TYPE } from '@brewfleet/contracts/enums';
import type { MenuNode } from '../../api/types';

export function filterMenus(nodes: MenuNode[], query: string): MenuNode[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return nodes;
  const matches = (n: MenuNode) =>
    [n.name, n.twName, n.enName, n.url, n.perms].some((text) => text?.toLocaleLowerCase().includes(q));
  const walk = (list: MenuNode[]): MenuNode[] =>
    list.flatMap((n) => {
      if (matches(n)) return [n];
      const kept = walk(n.menuList ?? []);
      return kept.length ? [{ ...n, menuList: kept }] : [];
    });
  return walk(nodes);
}

/** The rows open by default: directories with something in them. */
export function directoryKeys(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) =>
    n.type === MENU_TYPE.directory && n.menuList?.length ? [n.id, ...directoryKeys(n.menuList)] : [],
  );
}

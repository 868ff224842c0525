/** The menu tree as checkable tree data, titled in the reader's language. */
import type { DataNode } from 'antd/es/tree';
import type { Language } from '@brewfleet/contracts/enums';
import type { MenuNode } from '../../api/types';
import { pickName } from '../../app/i18n';
import { menuNames } from '../../app/routing/menu-routes';

export function toTreeData(nodes: MenuNode[], language: Language): DataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: pickName(menuNames(node), language) + (node.perms ? ` · ${node.perms}` : ''),
    children: node.menuList?.length ? toTreeData(node.menuList, language) : undefined,
  }));
}

/** Every id of the tree, for "expand all". */
export function allKeys(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => [n.id, ...allKeys(n.menuList ?? [])]);
}

/** Ids that have children: a role's saved list contains them, but the tree should derive their state. */
export function parentKeys(nodes: MenuNode[]): Set<string> {
  const keys = new Set<string>();
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      if (n.menuList?.length) {
        keys.add(n.id);
        walk(n.menuList);
      }
    }
  };
  walk(nodes);
  return keys;
}

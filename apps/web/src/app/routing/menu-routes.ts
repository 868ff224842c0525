/**
 * Menu entries become routes (spec §2, CONTRACT §5): url `account/list` → path `/account-list` named
 * `account-list`; a url starting with http → iframe route `/i-<menuId>`. Sub-menus are walked
 * recursively; buttons (type 2) carry permission codes only and make no route.
 */
import type { MenuNode } from '../../api/types';

export interface MenuRoute {
  path: string;
  name: string;
  menuId: string;
  kind: 'page' | 'iframe';
  /** The external address, for iframe routes. */
  url: string;
  names: { en: string; zh: string; tw: string };
}

const BUTTON = 2;

export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export function routeNameFromUrl(url: string): string {
  return url
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .replace(/\//g, '-');
}

export function menuNames(node: Pick<MenuNode, 'name' | 'twName' | 'enName'>) {
  return { en: node.enName, zh: node.name, tw: node.twName };
}

export function menuRoutes(tree: MenuNode[]): MenuRoute[] {
  const routes: MenuRoute[] = [];
  const walk = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      const url = node.url?.trim() ?? '';
      if (node.type !== BUTTON && url) {
        const menuId = String(node.menuId ?? node.id);
        if (isExternalUrl(url)) {
          routes.push({
            path: `/i-${menuId}`,
            name: `i-${menuId}`,
            menuId,
            kind: 'iframe',
            url,
            names: menuNames(node),
          });
        } else {
          const name = routeNameFromUrl(url);
          routes.push({ path: `/${name}`, name, menuId, kind: 'page', url, names: menuNames(node) });
        }
      }
      if (node.menuList?.length) walk(node.menuList);
    }
  };
  walk(tree);
  return routes;
}

/** The route a sidebar entry opens. */
export function menuPath(node: MenuNode): string | null {
  const url = node.url?.trim();
  if (!url || node.type === BUTTON) return null;
  return isExternalUrl(url) ? `/i-${node.menuId ?? node.id}` : `/${routeNameFromUrl(url)}`;
}

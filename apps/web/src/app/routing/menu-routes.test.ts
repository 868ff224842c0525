import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../api/types';
import { menuPath, menuRoutes, routeNameFromUrl } from './menu-routes';

const node = (id: string, type: number, url: string, menuList: MenuNode[] = []): MenuNode => ({
  id,
  menuId: id,
  parentId: '0',
  name: `zh${id}`,
  twName: `tw${id}`,
  enName: `en${id}`,
  url,
  perms: '',
  icon: '',
  type,
  orderNum: 0,
  level: 1,
  menuList,
});

describe('menu routes', () => {
  const tree = [
    node('1000', 1, 'home'),
    node('1100', 0, '', [
      node('1110', 0, '', [node('1111', 1, 'account/list', [node('111101', 2, '')])]),
      node('1120', 1, '/menu/list/'),
      node('1130', 1, 'https://docs.example.com/guide'),
    ]),
  ];

  it('turns slashes into hyphens and walks sub-menus', () => {
    expect(routeNameFromUrl('account/list')).toBe('account-list');
    const routes = menuRoutes(tree);
    expect(routes.map((r) => r.path)).toEqual(['/home', '/account-list', '/menu-list', '/i-1130']);
    expect(routes[1]).toMatchObject({
      name: 'account-list',
      kind: 'page',
      names: { en: 'en1111', zh: 'zh1111', tw: 'tw1111' },
    });
  });

  it('makes external addresses iframe routes named by the menu id', () => {
    const iframe = menuRoutes(tree).find((r) => r.kind === 'iframe');
    expect(iframe).toMatchObject({ path: '/i-1130', name: 'i-1130', url: 'https://docs.example.com/guide' });
  });

  it('gives buttons and directories no route', () => {
    expect(menuPath(node('1', 2, 'x/y'))).toBeNull();
    expect(menuPath(node('2', 0, ''))).toBeNull();
  });
});

/** Menu tree nodes for tests, as the API answers them: names `<en>`, `<en> zh`, `<en> tw`. */
import type { MenuNode } from '@brewfleet/contracts';

export function menuNode(
  id: string,
  type: number,
  en: string,
  more: Partial<MenuNode> = {},
  menuList: MenuNode[] = [],
): MenuNode {
  return {
    id,
    menuId: id,
    parentId: '0',
    name: `${en} zh`,
    twName: `${en} tw`,
    enName: en,
    url: '',
    perms: '',
    icon: '',
    type,
    orderNum: 1,
    level: 1,
    ...more,
    menuList,
  };
}

/** The sidebar menu, built from the nav tree; directories fold, pages navigate to their route. */
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Language } from '@brewfleet/contracts/enums';
import type { MenuNode } from '../../api/types';
import { pickName } from '../i18n';
import { menuNames, menuPath } from '../routing/menu-routes';
import { useAppStore } from '../stores/app-store';
import { useLayoutStore } from '../stores/layout-store';
import { usePermissionStore } from '../stores/permission-store';
import { menuIcon } from './menu-icons';

type Item = NonNullable<MenuProps['items']>[number];
const DIRECTORY = 0;
const BUTTON = 2;

function toItems(nodes: MenuNode[], language: Language): Item[] {
  const items: Item[] = [];
  for (const node of nodes) {
    if (node.type === BUTTON) continue;
    const label = pickName(menuNames(node), language);
    const children = toItems(node.menuList ?? [], language);
    if (node.type === DIRECTORY || children.length) {
      if (children.length)
        items.push({ key: `dir-${node.id}`, icon: menuIcon(node.icon, true), label, children });
      continue;
    }
    const path = menuPath(node);
    if (path) items.push({ key: path, icon: menuIcon(node.icon, false), label });
  }
  return items;
}

/** Keys of the directories that contain `path`, outermost first. */
function ancestorKeys(nodes: MenuNode[], path: string, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    if (menuPath(node) === path) return trail;
    const found = ancestorKeys(node.menuList ?? [], path, [...trail, `dir-${node.id}`]);
    if (found) return found;
  }
  return null;
}

export default function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const menus = usePermissionStore((s) => s.menus);
  const language = useAppStore((s) => s.language);
  const collapsed = useAppStore((s) => !s.sidebar.opened && s.device === 'desktop');
  const skin = useLayoutStore((s) => s.sidebarSkin);
  const fold = useLayoutStore((s) => s.sidebarFold);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const items = useMemo(() => toItems(menus, language), [menus, language]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(menus, pathname) ?? []);

  // Opening a page by address or by a tab unfolds the directories that lead to it.
  useEffect(() => {
    const ancestors = ancestorKeys(menus, pathname);
    if (ancestors?.length) setOpenKeys((open) => (fold ? ancestors : [...new Set([...open, ...ancestors])]));
  }, [menus, pathname, fold]);

  const onOpenChange = (keys: string[]) => {
    if (!fold) return setOpenKeys(keys);
    const latest = keys.find((k) => !openKeys.includes(k));
    setOpenKeys(latest ? [...(ancestorKeys(menus, latest) ?? []), latest] : keys);
  };

  return (
    <nav aria-label={t('nav.mainMenu')}>
      <Menu
        mode="inline"
        theme={skin}
        items={items}
        selectedKeys={[pathname]}
        {...(collapsed ? {} : { openKeys, onOpenChange })}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}

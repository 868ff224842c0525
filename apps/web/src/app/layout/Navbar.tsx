/** Top bar: sidebar toggle, where-am-I breadcrumb, size, language and the user menu. */
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, ConfigProvider, type ThemeConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MenuNode } from '../../api/types';
import { pickName } from '../i18n';
import { menuNames, menuPath } from '../routing/menu-routes';
import { useAppStore } from '../stores/app-store';
import { useLayoutStore } from '../stores/layout-store';
import { usePermissionStore } from '../stores/permission-store';
import LanguageSwitcher from './LanguageSwitcher';
import SizeSwitcher from './SizeSwitcher';
import UserMenu from './UserMenu';
import { Button } from '../../components/Button';

function trail(nodes: MenuNode[], path: string): MenuNode[] | null {
  for (const node of nodes) {
    if (menuPath(node) === path) return [node];
    const inner = trail(node.menuList ?? [], path);
    if (inner) return [node, ...inner];
  }
  return null;
}

/** Light breadcrumb text on the dark (inverse) navbar, readable at AA contrast. */
const INVERSE_BREADCRUMB: ThemeConfig = {
  components: {
    Breadcrumb: {
      itemColor: '#d9d9d9',
      lastItemColor: '#ffffff',
      separatorColor: '#bfbfbf',
      linkColor: '#d9d9d9',
    },
  },
};

export default function Navbar() {
  const { t } = useTranslation();
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggle = useAppStore((s) => s.toggleSidebar);
  const language = useAppStore((s) => s.language);
  const inverse = useLayoutStore((s) => s.navbarLayout === 'inverse');
  const menus = usePermissionStore((s) => s.menus);
  const { pathname } = useLocation();
  const crumbs = trail(menus, pathname) ?? [];
  const tone = inverse ? 'navbar-button inverse' : 'navbar-button';

  return (
    <header className={inverse ? 'navbar navbar-inverse' : 'navbar'}>
      <Button
        type="text"
        className={tone}
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggle}
        guardMs={0}
        aria-label={t('nav.toggleSidebar')}
        aria-expanded={opened}
      />
      <nav aria-label={t('nav.breadcrumb')} className="navbar-breadcrumb">
        <ConfigProvider theme={inverse ? INVERSE_BREADCRUMB : {}}>
          <Breadcrumb
            items={crumbs.map((node) => ({
              key: node.id,
              title: pickName(menuNames(node), language),
            }))}
          />
        </ConfigProvider>
      </nav>
      <div className="navbar-right">
        <SizeSwitcher className={tone} />
        <LanguageSwitcher className={tone} />
        <UserMenu className={tone} />
      </div>
    </header>
  );
}

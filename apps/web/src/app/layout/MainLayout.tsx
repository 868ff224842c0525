/** The main layout at `/`: sidebar, navbar, tabs view and the content area (spec §2). */
import { Drawer, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppStore } from '../stores/app-store';
import { useLayoutStore } from '../stores/layout-store';
import AppMain from './AppMain';
import Navbar from './Navbar';
import Sidebar from './Sidebar';
import TabsView from './TabsView';
import { useDeviceWatch } from './use-device-watch';
import { useVisitedViews } from './use-visited-views';
import './layout.css';

function Logo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/home" className="sidebar-logo" aria-label={`${t('app.name')}: ${t('routes.home')}`}>
      <img src="./favicon.svg" alt="" width={28} height={28} />
      {!collapsed && <span>{t('app.name')}</span>}
    </Link>
  );
}

export default function MainLayout() {
  useDeviceWatch();
  useVisitedViews();
  const device = useAppStore((s) => s.device);
  const sidebar = useAppStore((s) => s.sidebar);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const skin = useLayoutStore((s) => s.sidebarSkin);
  const mobile = device === 'mobile';

  return (
    <Layout className={`main-layout ${sidebar.withoutAnimation ? 'no-animation' : ''}`}>
      {mobile ? (
        <Drawer
          placement="left"
          open={sidebar.opened}
          onClose={() => closeSidebar(false)}
          size={240}
          closable={false}
          className={`sidebar-drawer skin-${skin}`}
        >
          <Logo collapsed={false} />
          <Sidebar onNavigate={() => closeSidebar(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          trigger={null}
          collapsed={!sidebar.opened}
          width={220}
          theme={skin}
          className="sidebar"
        >
          <Logo collapsed={!sidebar.opened} />
          <Sidebar />
        </Layout.Sider>
      )}
      <Layout className="main-column">
        <Navbar />
        <TabsView />
        <AppMain />
      </Layout>
    </Layout>
  );
}

/**
 * The tabs view: one tab per visited path. The tabs are links (each opens a route), so they are a
 * navigation list rather than an ARIA tablist. Close a tab with its ×, or use the actions menu (also
 * on right click) to refresh, close, close the others or close all.
 */
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { useAppStore } from '../stores/app-store';
import { tagsViewStore, useTagsViewStore } from '../stores/tags-view-store';
import { viewTitle } from './view-title';
import { Button } from '../../components/Button';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

export default function TabsView() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const views = useTagsViewStore((s) => s.visitedViews);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const list = useRef<HTMLUListElement>(null);

  // The active tab is brought into view (with a dozen open it would sit off the strip's edge).
  useEffect(() => {
    list.current
      ?.querySelector('.tabs-view-tab.active')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, views.length]);

  const run = (action: Action, path: string) => {
    const store = tagsViewStore.getState();
    if (action === 'refresh') return store.refreshView(path);
    if (action === 'close') {
      const next = store.delView(path);
      // On a page without a tab of its own (the map), the tab the user came from is still the store's
      // active one: closing it keeps the user where they are.
      const shownWithoutTab = path !== pathname && !views.some((v) => v.path === pathname);
      // A page being opened (its code still loading) is where the user is going: closing the tab
      // still shown meanwhile does not send them to its neighbour instead.
      const opening = navigation.state !== 'idle' && navigation.location.pathname !== path;
      if (next && !shownWithoutTab && !opening) navigate(next);
      return;
    }
    if (action === 'closeOthers') {
      store.delOthersViews(path);
      if (path !== pathname) navigate(path);
      return;
    }
    navigate(store.delAllViews());
  };

  const actions = (path: string): MenuProps => {
    const view = views.find((v) => v.path === path);
    return {
      items: [
        { key: 'refresh', label: t('tags.refresh') },
        { key: 'close', label: t('tags.close'), disabled: !view || view.affix },
        { key: 'closeOthers', label: t('tags.closeOthers') },
        { key: 'closeAll', label: t('tags.closeAll') },
      ],
      onClick: ({ key }) => run(key as Action, path),
    };
  };

  return (
    <nav className="tabs-view" aria-label={t('tags.label')}>
      <ul className="tabs-view-list" ref={list}>
        {views.map((view) => {
          const title = viewTitle(view.title, language, t);
          const active = view.path === pathname;
          return (
            <li key={view.path} className={active ? 'tabs-view-tab active' : 'tabs-view-tab'}>
              <Dropdown trigger={['contextMenu']} menu={actions(view.path)}>
                <Link to={view.path} aria-current={active ? 'page' : undefined} data-path={view.path}>
                  {title}
                </Link>
              </Dropdown>
              {!view.affix && (
                <button
                  type="button"
                  className="tabs-view-close"
                  aria-label={`${t('tags.close')}: ${title}`}
                  onClick={() => run('close', view.path)}
                >
                  <CloseOutlined />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <Dropdown trigger={['click']} menu={actions(pathname)}>
        <Button size="small" type="text" aria-label={t('tags.menu')} data-testid="tabs-actions" guardMs={0}>
          <DownOutlined />
        </Button>
      </Dropdown>
    </nav>
  );
}

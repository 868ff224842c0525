/**
 * The tabs view: one tab per visited path. Close a tab with its ×, or use the actions menu (also on
 * right click) to refresh, close, close the others or close all.
 */
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../stores/app-store';
import { tagsViewStore, useTagsViewStore } from '../stores/tags-view-store';
import { viewTitle } from './view-title';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

export default function TabsView() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const views = useTagsViewStore((s) => s.visitedViews);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const run = (action: Action, path: string) => {
    const store = tagsViewStore.getState();
    if (action === 'refresh') return store.refreshView(path);
    if (action === 'close') {
      const next = store.delView(path);
      if (next) navigate(next);
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
    <div className="tabs-view" role="region" aria-label={t('tags.label')}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={pathname}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && run('close', key)}
        items={views.map((view) => ({
          key: view.path,
          closable: !view.affix,
          label: (
            <Dropdown trigger={['contextMenu']} menu={actions(view.path)}>
              <span data-path={view.path}>{viewTitle(view.title, language, t)}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          <Dropdown trigger={['click']} menu={actions(pathname)}>
            <Button size="small" type="text" aria-label={t('tags.menu')} data-testid="tabs-actions">
              <DownOutlined />
            </Button>
          </Dropdown>
        }
      />
    </div>
  );
}

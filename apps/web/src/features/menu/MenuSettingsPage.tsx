/**
 * Menu settings: the menu tree as a table (directories, pages, buttons), with create, add sub-menu,
 * edit and delete. It opens with the directories expanded (every page shown, its buttons a click
 * away), can expand or collapse everything, and finds menus by name, address or permission code
 * (menu-filter.ts). The form is the generic drawer with a tree picker for the parent and a type switch.
 */
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Popconfirm, Radio, Space, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_TYPE } from '@brewfleet/contracts/enums';
import { P } from '@brewfleet/contracts/permissions';
import { menuResource } from '@brewfleet/contracts/resources/menu';
import { fetchMenuSelectTree, fetchMenuTree } from '../../api/access-api';
import { resourceApi } from '../../api/resource-api';
import type { MenuNode, MenuOption } from '../../api/types';
import { pickName } from '../../app/i18n';
import { menuIcon } from '../../app/layout/menu-icons';
import { menuNames } from '../../app/routing/menu-routes';
import { useAppStore } from '../../app/stores/app-store';
import { useHasPermission } from '../../app/stores/permission-store';
import ResourceFormDrawer, { type FormTarget } from '../../resources/ResourceFormDrawer';
import { resourceKeys } from '../../resources/use-ref-options';
import ListTable from '../../resources/ListTable';
import { Button } from '../../components/Button';
import { allKeys } from '../role/menu-tree';
import { directoryKeys, filterMenus } from './menu-filter';
import MenuSearch from './MenuSearch';

const TREE_KEY = ['menu', 'tree'] as const;
/** Solid colours with white text, readable at AA contrast. */
const TYPE_COLORS = ['#0958d9', '#237804', '#ad4e00'];

type MenuRow = Omit<MenuNode, 'menuList'> & { children?: MenuRow[] };

function toRows(nodes: MenuNode[]): MenuRow[] {
  return nodes.map(({ menuList, ...node }) => ({
    ...node,
    children: menuList?.length ? toRows(menuList) : undefined,
  }));
}

interface PickerNode {
  value: string;
  title: string;
  children?: PickerNode[];
}
function toPicker(options: MenuOption[]): PickerNode[] {
  return options.map((o) => ({
    value: o.value,
    title: o.label,
    children: o.children?.length ? toPicker(o.children) : undefined,
  }));
}

function ParentPicker(props: Record<string, unknown>) {
  const { t } = useTranslation();
  const options = useQuery({ queryKey: ['menu', 'select'], queryFn: fetchMenuSelectTree });
  return (
    <TreeSelect
      {...props}
      allowClear
      treeDefaultExpandAll
      loading={options.isLoading}
      treeData={toPicker(options.data ?? [])}
      placeholder={t('common.root')}
      showSearch={{ treeNodeFilterProp: 'title' }}
    />
  );
}

function TypeSwitch(props: Record<string, unknown>) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      {...props}
      optionType="button"
      options={Object.values(MENU_TYPE).map((v) => ({ value: v, label: t(`menuSettings.types.${v}`) }))}
    />
  );
}

export default function MenuSettingsPage() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const can = useHasPermission();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: TREE_KEY, queryFn: fetchMenuTree });
  const [target, setTarget] = useState<FormTarget | null>(null);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterMenus(tree.data ?? [], search), [tree.data, search]);
  const rows = useMemo(() => toRows(shown), [shown]);
  // Chosen rows open, or by default the directories (a search opens everything it kept).
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const openByDefault = useMemo(
    () => (search.trim() ? allKeys(shown) : directoryKeys(shown)),
    [search, shown],
  );
  const close = useCallback(() => setTarget(null), []);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['menu'] });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all('menu') });
  }, [queryClient]);
  const renderers = useMemo(
    () => ({
      parentId: () => <ParentPicker />,
      type: () => <TypeSwitch />,
    }),
    [],
  );

  const remove = async (id: string) => {
    try {
      await resourceApi.remove('menu', [id]);
      void message.success(t('common.deleted', { count: 1 }));
      refresh();
    } catch {
      // toasted by the client (e.g. 'Delete the sub-menus first')
    }
  };

  const columns: ColumnsType<MenuRow> = [
    {
      key: 'name',
      title: t('resources.menu.title'),
      render: (_, row) => (
        <Space>
          {menuIcon(row.icon, row.type === MENU_TYPE.directory)}
          {pickName(menuNames(row), language)}
        </Space>
      ),
    },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('resources.menu.fields.type'),
      render: (type: number) => <Tag color={TYPE_COLORS[type]}>{t(`menuSettings.types.${type}`)}</Tag>,
    },
    { key: 'url', dataIndex: 'url', title: t('resources.menu.fields.url') },
    { key: 'perms', dataIndex: 'perms', title: t('resources.menu.fields.perms') },
    { key: 'orderNum', dataIndex: 'orderNum', title: t('resources.menu.fields.orderNum') },
  ];
  if (can(P.menu.create) || can(P.menu.update) || can(P.menu.delete)) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_, row) => (
        <Space size={0} wrap>
          {can(P.menu.create) && row.type !== MENU_TYPE.button && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                setTarget({
                  mode: 'create',
                  defaults: {
                    parentId: row.id,
                    type: row.type === MENU_TYPE.directory ? MENU_TYPE.page : MENU_TYPE.button,
                  },
                })
              }
            >
              {t('menuSettings.addChild')}
            </Button>
          )}
          {can(P.menu.update) && (
            <Button type="link" size="small" onClick={() => setTarget({ mode: 'update', id: row.id })}>
              {t('common.edit')}
            </Button>
          )}
          {can(P.menu.delete) && (
            <Popconfirm
              title={t('common.confirmDelete')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => remove(row.id)}
            >
              <Button type="link" size="small" danger guardMs={0}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <Card
      className="page-card"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('resources.menu.title')}
        </Typography.Title>
      }
      extra={
        <Space wrap>
          <MenuSearch
            value={search}
            onChange={(text) => {
              setSearch(text);
              setExpanded(null);
            }}
            style={{ width: 280 }}
          />
          <Button onClick={() => setExpanded(allKeys(shown))} guardMs={0}>
            {t('common.expandAll')}
          </Button>
          <Button onClick={() => setExpanded([])} guardMs={0}>
            {t('common.collapseAll')}
          </Button>
          {can(P.menu.create) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setTarget({ mode: 'create', defaults: { type: MENU_TYPE.directory } })}
              data-testid="create"
            >
              {t('menuSettings.addRoot')}
            </Button>
          )}
          <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={refresh} />
        </Space>
      }
    >
      <ListTable<MenuRow>
        rowKey="id"
        size="middle"
        loading={tree.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded ?? openByDefault,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
        }}
      />
      <ResourceFormDrawer
        def={menuResource}
        target={target}
        onClose={close}
        onSaved={refresh}
        renderers={renderers}
        hints={{
          url: t('menuSettings.urlHint'),
          perms: t('menuSettings.permsHint'),
          icon: t('menuSettings.iconHint'),
        }}
      />
    </Card>
  );
}

/**
 * User organizations: the organization tree beside the generic list. Choosing a node lists its direct
 * children and makes it the parent of a new organization; the parent picker is the same tree.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Spin, Tree, TreeSelect, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organizationResource } from '@brewfleet/contracts/resources/organization';
import { fetchOrganizationTree } from '../../api/access-api';
import type { OrganizationNode } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import { Button } from '../../components/Button';

const TREE_KEY = ['organization', 'tree'] as const;

function toTreeData(nodes: OrganizationNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.name,
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));
}

interface PickerNode {
  value: string;
  title: string;
  children?: PickerNode[];
}
function toPickerData(nodes: OrganizationNode[]): PickerNode[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.name,
    children: n.children?.length ? toPickerData(n.children) : undefined,
  }));
}

function ParentPicker({ tree, ...props }: { tree: OrganizationNode[] } & Record<string, unknown>) {
  const { t } = useTranslation();
  return (
    <TreeSelect
      {...props}
      allowClear
      treeDefaultExpandAll
      treeData={toPickerData(tree)}
      placeholder={t('common.root')}
      showSearch={{ treeNodeFilterProp: 'title' }}
    />
  );
}

export default function OrganizationPage() {
  const { t } = useTranslation();
  const tree = useQuery({ queryKey: TREE_KEY, queryFn: fetchOrganizationTree });
  const [selected, setSelected] = useState<string | null>(null);
  const treeData = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);
  const fixedFilters = useMemo(() => (selected ? { parentId: selected } : undefined), [selected]);
  const refetchTree = useCallback(() => void tree.refetch(), [tree]);
  const renderers = useMemo(() => ({ parentId: () => <ParentPicker tree={tree.data ?? []} /> }), [tree.data]);

  const aside = (
    <Card
      className="page-card"
      title={
        <Typography.Title level={2} className="resource-title">
          {t('organization.tree')}
        </Typography.Title>
      }
    >
      <Button
        type={selected ? 'link' : 'primary'}
        size="small"
        onClick={() => setSelected(null)}
        guardMs={0}
        style={{ marginBottom: 8 }}
      >
        {t('organization.all')}
      </Button>
      <Spin spinning={tree.isLoading}>
        {treeData.length ? (
          <Tree
            treeData={treeData}
            defaultExpandAll
            key={treeData.length}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : null)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </Card>
  );

  return (
    <ResourcePage
      def={organizationResource}
      aside={aside}
      fixedFilters={fixedFilters}
      createDefaults={selected ? { parentId: selected } : undefined}
      renderers={renderers}
      onChanged={refetchTree}
    />
  );
}

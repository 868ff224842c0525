/**
 * Grade relation: the merchant hierarchy (superiors above, sub-merchants below) with each merchant's
 * status. Choosing a merchant opens it in the merchant form.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Spin, Tag, Tree, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { merchantResource } from '@brewfleet/contracts/resources/merchant';
import { fetchMerchantTree } from '../../api/merchant-api';
import { useHasPermission } from '../../app/stores/permission-store';
import { ENUM_COLORS } from '../../resources/CellValue';
import { enumLabelKey } from '../../resources/field-meta';
import ResourceFormDrawer, { type FormTarget } from '../../resources/ResourceFormDrawer';
import { formDef } from '../../resources/form-def';
import { useOwnMerchantForm } from './own-merchant-form';
import { merchantKeys, toMerchantTreeData, type MerchantTreeNode } from './merchant-tree';
import { Button } from '../../components/Button';
import '../../resources/resource-page.css';

// Under the resource's key: every change made by the generic screens refreshes it too.
export const MERCHANT_TREE_KEY = ['resource', 'merchant', 'tree'] as const;

export default function MerchantGradePage() {
  const { t } = useTranslation();
  const can = useHasPermission();
  const tree = useQuery({ queryKey: MERCHANT_TREE_KEY, queryFn: fetchMerchantTree });
  const [target, setTarget] = useState<FormTarget | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const treeData = useMemo(() => toMerchantTreeData(tree.data ?? []), [tree.data]);
  const allKeys = useMemo(() => merchantKeys(tree.data ?? []), [tree.data]);
  const canOpen = can(P.merchant.update);
  const close = useCallback(() => setTarget(null), []);
  const refetch = useCallback(() => void tree.refetch(), [tree]);
  // One's own merchant opens with its status and superior fixed (own-merchant-form.ts).
  const ownForm = useOwnMerchantForm();
  const editing = target?.mode === 'update' ? target.id : undefined;
  const def = useMemo(() => formDef(merchantResource, ownForm, editing), [ownForm, editing]);

  const title = (node: MerchantTreeNode) => {
    const m = node.merchant;
    return (
      <Space size={6} wrap data-testid={`merchant-node-${m.id}`}>
        <span className="merchant-node-name">{m.name}</span>
        <Tag color={ENUM_COLORS[m.status]}>{t(enumLabelKey('merchant', 'status', m.status))}</Tag>
        {!m.isOpen && <Tag>{t('merchants.closed')}</Tag>}
        {m.country && <Typography.Text type="secondary">{m.country}</Typography.Text>}
        {canOpen && (
          <Button
            type="link"
            size="small"
            onClick={(e) => {
              e.stopPropagation();
              setTarget({ mode: 'update', id: m.id });
            }}
            aria-label={t('merchants.openNamed', { name: m.name })}
          >
            {t('merchants.open')}
          </Button>
        )}
      </Space>
    );
  };

  return (
    <Card
      className="page-card"
      title={
        <Typography.Title level={2} className="resource-title">
          {t('merchants.gradeTitle')}
        </Typography.Title>
      }
      extra={
        <Space>
          <Button onClick={() => setExpanded(allKeys)} guardMs={0}>
            {t('common.expandAll')}
          </Button>
          <Button onClick={() => setExpanded([])} guardMs={0}>
            {t('common.collapseAll')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('merchants.gradeHint')}</Typography.Paragraph>
      <Spin spinning={tree.isFetching}>
        {treeData.length ? (
          <Tree<MerchantTreeNode>
            treeData={treeData}
            showLine
            selectable={false}
            expandedKeys={expanded ?? allKeys}
            onExpand={(keys) => setExpanded(keys.map(String))}
            titleRender={title}
            aria-label={t('merchants.gradeTitle')}
          />
        ) : (
          !tree.isLoading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
      <ResourceFormDrawer def={def} target={target} onClose={close} onSaved={refetch} />
    </Card>
  );
}

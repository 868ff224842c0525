/**
 * Takeout products (`delivery/menu`): the generic list (filters, import from a spreadsheet, export)
 * whose create and edit open the fixed routes `/produce-takeout-addProduce` and
 * `/produce-takeout-editProduce?id=` instead of the drawer.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { takeoutProductResource } from '@brewfleet/contracts/resources/delivery';
import { useHasPermission } from '../../app/stores/permission-store';
import { Button } from '../../components/Button';
import ResourcePage, { type RowAction } from '../../resources/ResourcePage';
import { takeoutAddPath, takeoutEditPath } from './takeout-routes';

/** Without create and update codes the generic page offers no drawer; the fixed routes take its place. */
export const TAKEOUT_LIST_DEF: ResourceDef = {
  ...takeoutProductResource,
  permissions: { ...takeoutProductResource.permissions, create: undefined, update: undefined },
};

export default function TakeoutProductListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useHasPermission();
  const rowActions: RowAction[] = [
    {
      key: 'edit',
      label: t('common.edit'),
      permission: P.takeoutProduct.update,
      onClick: (row) => navigate(takeoutEditPath(row.id)),
    },
  ];
  return (
    <ResourcePage
      def={TAKEOUT_LIST_DEF}
      rowActions={rowActions}
      header={
        <>
          <Typography.Paragraph type="secondary" data-testid="page-hint">
            {t('delivery.hints.menu')}
          </Typography.Paragraph>
          {can(P.takeoutProduct.create) && (
            <Space>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(takeoutAddPath())}
                data-testid="create-takeout"
              >
                {t('delivery.takeout.add')}
              </Button>
            </Space>
          )}
        </>
      }
    />
  );
}

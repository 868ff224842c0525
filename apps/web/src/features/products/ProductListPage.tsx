/**
 * Product list (`produce/name`): the generic list of products — filters by name, code, kind,
 * family and flags, import (recipes as JSON text in a cell) and export — whose create, edit and copy
 * open the product flow instead of the generic form: a product is too much for one drawer.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import { productResource } from '@brewfleet/contracts/resources/product';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { useViewActive } from '../../app/layout/view-active';
import { useHasPermission } from '../../app/stores/permission-store';
import ResourcePage, { type RowAction } from '../../resources/ResourcePage';
import FlowChooser from './FlowChooser';
import { copyPath, editPath } from './wizard-routes';
import { Button } from '../../components/Button';
import './product-flow.css';

/** Without create and update codes the generic page offers no drawer; the flow takes their place. */
const LIST_DEF: ResourceDef = {
  ...productResource,
  permissions: { ...productResource.permissions, create: undefined, update: undefined },
};

export default function ProductListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useHasPermission();
  const [choosing, setChoosing] = useState(false);
  // Left (Back, another tab) with the chooser open: it closes rather than float over the next page.
  const active = useViewActive();
  if (!active && choosing) setChoosing(false);
  const rowActions: RowAction[] = [
    {
      key: 'edit',
      label: t('common.edit'),
      permission: P.product.update,
      // A product inherited from the parent merchant is copied, not edited.
      ownRowsOnly: true,
      onClick: (row) => navigate(editPath(row.id)),
    },
    {
      key: 'copy',
      label: t('productList.copy'),
      permission: P.product.create,
      onClick: (row) => navigate(copyPath(row.id)),
    },
  ];
  return (
    <>
      <ResourcePage
        def={LIST_DEF}
        rowActions={rowActions}
        header={
          can(P.product.create) && (
            <Space className="product-list-toolbar">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setChoosing(true)}
                data-testid="create-product"
              >
                {t('productList.create')}
              </Button>
            </Space>
          )
        }
      />
      <FlowChooser open={choosing} onClose={() => setChoosing(false)} />
    </>
  );
}

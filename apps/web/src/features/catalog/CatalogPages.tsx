/**
 * The catalog's plain lists (Product Management menu): types, materials, toppings, snacks, options
 * and extra products are generic resource screens of merchant-owned rows; the recipe parameters are
 * the platform's, one row per machine family and parameter, edited only (never created or deleted).
 */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import {
  extraProductResource,
  extraProductTypeResource,
  materialResource,
  materialTypeResource,
  optionResource,
  optionTypeResource,
  productParameterResource,
  productTypeResource,
  smallMaterialResource,
  smallMaterialTypeResource,
  snackResource,
  snackTypeResource,
} from '@brewfleet/contracts/resources/catalog';
import ResourcePage from '../../resources/ResourcePage';
import { useOwnerForm } from './use-owner-form';

function MerchantOwnedPage({ def, hint }: { def: ResourceDef; hint?: string }) {
  const { t } = useTranslation();
  const { form, createDefaults } = useOwnerForm();
  return (
    <ResourcePage
      def={def}
      form={form}
      createDefaults={createDefaults}
      header={hint && <Typography.Paragraph type="secondary">{t(hint)}</Typography.Paragraph>}
    />
  );
}

export const ProductTypePage = () => <MerchantOwnedPage def={productTypeResource} />;
export const MaterialTypePage = () => <MerchantOwnedPage def={materialTypeResource} />;
export const MaterialPage = () => (
  <MerchantOwnedPage def={materialResource} hint="catalogPages.materialHint" />
);
export const SmallMaterialTypePage = () => <MerchantOwnedPage def={smallMaterialTypeResource} />;
export const SmallMaterialPage = () => (
  <MerchantOwnedPage def={smallMaterialResource} hint="catalogPages.smallMaterialHint" />
);
export const SnackTypePage = () => <MerchantOwnedPage def={snackTypeResource} />;
export const SnackPage = () => <MerchantOwnedPage def={snackResource} />;
export const OptionTypePage = () => <MerchantOwnedPage def={optionTypeResource} />;
export const OptionPage = () => <MerchantOwnedPage def={optionResource} hint="catalogPages.optionHint" />;
export const ExtraProductTypePage = () => <MerchantOwnedPage def={extraProductTypeResource} />;
export const ExtraProductPage = () => <MerchantOwnedPage def={extraProductResource} />;

export function ProductParameterPage() {
  const { t } = useTranslation();
  return (
    <ResourcePage
      def={productParameterResource}
      header={<Typography.Paragraph type="secondary">{t('catalogPages.parameterHint')}</Typography.Paragraph>}
    />
  );
}

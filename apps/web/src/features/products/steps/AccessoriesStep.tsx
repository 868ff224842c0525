/**
 * Step 5, accessories: the toppings (small materials) a customer gets free or pays for with this
 * product, and the snacks offered with it (shown when the product's "show snacks" flag is on).
 */
import { Col, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../../../resources/field-meta';
import { useRefOptions } from '../../../resources/use-ref-options';
import type { ProductDraft } from '../product-draft';
import Field from './Field';
import { useFieldId, type StepProps } from './step-props';

type ListKey = 'freeSmallMaterialIds' | 'chargedSmallMaterialIds' | 'snackIds';

export default function AccessoriesStep({ draft, update, errors, merchantScope }: StepProps) {
  const fieldId = useFieldId();
  const { t } = useTranslation();
  const toppings = useRefOptions('small-material', true, { merchantId: merchantScope });
  const snacks = useRefOptions('snack', true, { merchantId: merchantScope });
  const picker = (key: ListKey, source: typeof toppings, help?: string) => (
    <Col xs={24} lg={12}>
      <Field errors={errors} path={key} label={fieldLabel(t, 'product', key)} help={help}>
        <Select
          id={fieldId(key)}
          mode="multiple"
          value={draft[key]}
          onChange={(ids: string[]) => update((d): ProductDraft => ({ ...d, [key]: ids }))}
          options={source.data ?? []}
          loading={source.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder={t('common.pleaseSelect')}
        />
      </Field>
    </Col>
  );
  return (
    <>
      <Typography.Paragraph type="secondary">{t('productFlow.accessories.hint')}</Typography.Paragraph>
      <Row gutter={24}>
        {picker('freeSmallMaterialIds', toppings)}
        {picker('chargedSmallMaterialIds', toppings)}
        {picker('snackIds', snacks, draft.showSnacks ? undefined : t('productFlow.accessories.snacksHidden'))}
      </Row>
    </>
  );
}

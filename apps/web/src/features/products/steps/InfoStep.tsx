/**
 * Step 1, product information: the merchant (platform users), the machine family (chosen when the
 * flow makes more than one), name, code, type, kind, prices, order, images, description and the
 * listed / orderable / show-snacks flags.
 */
import { Col, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_KINDS } from '@brewfleet/contracts/enums';
import type { MachineFamily } from '@brewfleet/contracts/recipes';
import { productResource } from '@brewfleet/contracts/resources/product';
import ImageGalleryField from '../../../components/ImageGalleryField';
import { fieldLabel } from '../../../resources/field-meta';
import { useRefOptions } from '../../../resources/use-ref-options';
import type { ProductDraft } from '../product-draft';
import CodeField from './CodeField';
import Field from './Field';
import { useFieldId, type StepProps } from './step-props';
import { moneyAffix } from '../../../utils/format';
import LocalizedNamesInput from '../../../resources/LocalizedNamesInput';

type Flag = 'listed' | 'orderable' | 'showSnacks';

/** Tea machines make tea; a drink chosen before the family follows it (a snack stays a snack). */
const kindFor = (family: MachineFamily, kind: ProductDraft['kind']): ProductDraft['kind'] =>
  kind === 'snack' ? kind : family === 'tea' ? 'tea' : kind === 'tea' ? 'drink' : kind;
const FLAGS: Flag[] = ['listed', 'orderable', 'showSnacks'];

export default function InfoStep({ draft, update, errors, ctx, mode, merchantScope }: StepProps) {
  const fieldId = useFieldId();
  const { t } = useTranslation();
  const label = (key: string) => fieldLabel(t, 'product', key);
  const merchants = useRefOptions('merchant', ctx.merchantRequired);
  const types = useRefOptions('product-type', true, { merchantId: merchantScope });
  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) =>
    update((d) => ({ ...d, [key]: value }));
  const common = { errors };

  return (
    <Row gutter={24}>
      {ctx.merchantRequired && (
        <Col xs={24} lg={12}>
          <Field {...common} path="merchantId" label={label('merchantId')} required>
            <Select
              id={fieldId('merchantId')}
              value={draft.merchantId ?? undefined}
              onChange={(value?: string) => set('merchantId', value ?? null)}
              options={merchants.data ?? []}
              loading={merchants.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              placeholder={t('common.pleaseSelect')}
            />
          </Field>
        </Col>
      )}
      <Col xs={24} lg={12}>
        <Field
          {...common}
          path="family"
          label={label('family')}
          required
          help={ctx.families.length > 1 ? t('productFlow.info.familyHint') : undefined}
        >
          <Select
            id={fieldId('family')}
            value={draft.family ?? undefined}
            onChange={(value: MachineFamily) =>
              update((d) => ({ ...d, family: value, kind: kindFor(value, d.kind) }))
            }
            disabled={mode === 'edit' || ctx.families.length < 2}
            options={ctx.families.map((f) => ({
              value: f,
              label: t(`resources.product.values.family.${f}`),
            }))}
            placeholder={t('common.pleaseSelect')}
          />
        </Field>
      </Col>
      <Col xs={24} lg={12}>
        <Field {...common} path="name" label={label('name')} required>
          <Input
            id={fieldId('name')}
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={128}
          />
        </Field>
      </Col>
      <Col xs={24} lg={12}>
        <Field {...common} path="names" label={label('names')}>
          <LocalizedNamesInput
            id={fieldId('names')}
            value={draft.names}
            onChange={(value) => set('names', value)}
          />
        </Field>
      </Col>
      <Col xs={24} lg={12}>
        <Field
          {...common}
          path="code"
          label={label('code')}
          required
          help={mode === 'copy' ? t('productFlow.info.copyCode') : undefined}
        >
          <CodeField
            value={draft.code}
            onChange={(code) => set('code', code)}
            merchantScope={merchantScope}
            invalid={!!errors.code}
          />
        </Field>
      </Col>
      <Col xs={24} lg={12}>
        <Field {...common} path="productTypeId" label={label('productTypeId')}>
          <Select
            id={fieldId('productTypeId')}
            value={draft.productTypeId ?? undefined}
            onChange={(value?: string) => set('productTypeId', value ?? null)}
            options={types.data ?? []}
            loading={types.isLoading}
            allowClear
            placeholder={t('common.pleaseSelect')}
          />
        </Field>
      </Col>
      <Col xs={24} lg={12}>
        <Field {...common} path="kind" label={label('kind')} required>
          <Select
            id={fieldId('kind')}
            value={draft.kind}
            onChange={(value: ProductDraft['kind']) => set('kind', value)}
            options={PRODUCT_KINDS.map((k) => ({ value: k, label: t(`resources.product.values.kind.${k}`) }))}
          />
        </Field>
      </Col>
      <Col xs={24} lg={12}>
        <Field {...common} path="price" label={label('price')} required>
          <Input
            id={fieldId('price')}
            value={draft.price}
            onChange={(e) => set('price', e.target.value)}
            inputMode="decimal"
            {...moneyAffix(t)}
          />
        </Field>
      </Col>
      <Col xs={24} lg={12}>
        <Field
          {...common}
          path="deliveryPrice"
          label={label('deliveryPrice')}
          help={t('productFlow.info.deliveryHint')}
        >
          <Input
            id={fieldId('deliveryPrice')}
            value={draft.deliveryPrice}
            onChange={(e) => set('deliveryPrice', e.target.value)}
            inputMode="decimal"
            {...moneyAffix(t)}
          />
        </Field>
      </Col>
      <Col xs={24} lg={12}>
        <Field {...common} path="sortOrder" label={label('sortOrder')}>
          <InputNumber
            id={fieldId('sortOrder')}
            value={draft.sortOrder}
            onChange={(value) => set('sortOrder', value)}
            min={0}
            max={9999}
            precision={0}
            style={{ width: '100%' }}
          />
        </Field>
      </Col>
      <Col xs={24} lg={12}>
        <Field {...common} path="images" label={label('images')}>
          <ImageGalleryField
            id={fieldId('images')}
            max={productResource.fields.images.max ?? 6}
            value={draft.images}
            onChange={(value) => set('images', value)}
          />
        </Field>
      </Col>
      <Col xs={24}>
        <Field {...common} path="description" label={label('description')}>
          <Input.TextArea
            id={fieldId('description')}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
            rows={3}
            maxLength={1000}
            showCount
          />
        </Field>
      </Col>
      {FLAGS.map((flag) => (
        <Col key={flag} xs={24} sm={8}>
          <Field {...common} path={flag} label={label(flag)}>
            <Switch id={fieldId(flag)} checked={draft[flag]} onChange={(on) => set(flag, on)} />
          </Field>
        </Col>
      ))}
    </Row>
  );
}

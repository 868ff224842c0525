/**
 * Step 2, materials: the product's material type, the materials it uses (amount with the lowest and
 * highest amount a recipe combination may scale it to, and the unit), the product's unit and shelf
 * life. Choosing a material fills the unit and limits kept on the material.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MATERIAL_UNITS } from '@brewfleet/contracts/enums';
import type { Row as ApiRow } from '../../../api/types';
import { fieldLabel } from '../../../resources/field-meta';
import { useRefOptions } from '../../../resources/use-ref-options';
import { catalogRows, productKeys } from '../product-api';
import { emptyMaterialLine, type MaterialLine, type MaterialUnit } from '../product-draft';
import Field from './Field';
import { useFieldId, replaceAt, type StepProps } from './step-props';
import { Button } from '../../../components/Button';

const numberOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** A chosen material brings its unit and limits, unless the line already has its own. */
function withMaterial(line: MaterialLine, material: ApiRow | undefined, id: string | null): MaterialLine {
  if (!material) return { ...line, materialId: id };
  return {
    ...line,
    materialId: id,
    unit: (material.unit as MaterialUnit | undefined) ?? line.unit,
    min: line.min ?? numberOrNull(material.min),
    max: line.max ?? numberOrNull(material.max),
  };
}

export default function MaterialsStep({ draft, update, errors, messages, merchantScope }: StepProps) {
  const fieldId = useFieldId();
  const { t } = useTranslation();
  const label = (key: string) => fieldLabel(t, 'product', key);
  const types = useRefOptions('material-type', true, { merchantId: merchantScope });
  const materials = useQuery({
    queryKey: productKeys.materials(merchantScope ?? ''),
    queryFn: () => catalogRows('material', merchantScope),
    staleTime: 30_000,
  });
  const byId = new Map((materials.data ?? []).map((m) => [String(m.id), m]));
  const materialOptions = (materials.data ?? []).map((m) => ({ value: String(m.id), label: String(m.name) }));
  const unitOptions = MATERIAL_UNITS.map((u) => ({
    value: u,
    label: t(`resources.product.values.unit.${u}`),
  }));
  const setLine = (i: number, line: MaterialLine) =>
    update((d) => ({ ...d, materials: replaceAt(d.materials, i, line) }));
  // The shortest shelf life of the chosen materials is what the product can keep at most.
  const shelfLives = draft.materials
    .map((line) => numberOrNull(byId.get(line.materialId ?? '')?.shelfLifeHours))
    .filter((h): h is number => h !== null);
  const shortest = shelfLives.length ? Math.min(...shelfLives) : null;
  const listMessage = messages.find((m) => m.path === 'materials');

  return (
    <>
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Field errors={errors} path="materialTypeId" label={label('materialTypeId')}>
            <Select
              id={fieldId('materialTypeId')}
              value={draft.materialTypeId ?? undefined}
              onChange={(value?: string) => update((d) => ({ ...d, materialTypeId: value ?? null }))}
              options={types.data ?? []}
              loading={types.isLoading}
              allowClear
              placeholder={t('common.pleaseSelect')}
            />
          </Field>
        </Col>
      </Row>
      <Typography.Title level={3} className="product-flow-subtitle">
        {t('productFlow.materials.lines')}
      </Typography.Title>
      {listMessage && <Alert type="error" showIcon title={listMessage.text} className="product-flow-alert" />}
      {draft.materials.map((line, i) => (
        <Row key={i} gutter={12} className="product-flow-line" data-testid={`material-line-${i}`}>
          <Col xs={24} md={8}>
            <Field
              errors={errors}
              path={`materials.${i}.materialId`}
              label={t('productFlow.materials.material')}
            >
              <Select
                id={fieldId(`materials.${i}.materialId`)}
                value={line.materialId ?? undefined}
                onChange={(value?: string) =>
                  setLine(i, withMaterial(line, byId.get(value ?? ''), value ?? null))
                }
                options={materialOptions}
                loading={materials.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('common.pleaseSelect')}
              />
            </Field>
          </Col>
          {(['amount', 'min', 'max'] as const).map((part) => (
            <Col key={part} xs={8} md={4}>
              <Field
                errors={errors}
                path={`materials.${i}.${part}`}
                label={t(`productFlow.materials.${part}`)}
              >
                <InputNumber
                  id={fieldId(`materials.${i}.${part}`)}
                  value={line[part]}
                  onChange={(value) => setLine(i, { ...line, [part]: value })}
                  min={0}
                  max={100_000}
                  style={{ width: '100%' }}
                />
              </Field>
            </Col>
          ))}
          <Col xs={16} md={3}>
            <Field errors={errors} path={`materials.${i}.unit`} label={t('productFlow.materials.unit')}>
              <Select
                id={fieldId(`materials.${i}.unit`)}
                value={line.unit}
                onChange={(unit: MaterialUnit) => setLine(i, { ...line, unit })}
                options={unitOptions}
              />
            </Field>
          </Col>
          <Col xs={8} md={1} className="product-flow-line-action">
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('productFlow.materials.remove', { index: i + 1 })}
              onClick={() => update((d) => ({ ...d, materials: d.materials.filter((_, j) => j !== i) }))}
            />
          </Col>
        </Row>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => update((d) => ({ ...d, materials: [...d.materials, emptyMaterialLine()] }))}
        className="product-flow-add"
        guardMs={0}
      >
        {t('productFlow.materials.add')}
      </Button>
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Field errors={errors} path="unit" label={label('unit')}>
            <Select
              id={fieldId('unit')}
              value={draft.unit}
              onChange={(unit: MaterialUnit) => update((d) => ({ ...d, unit }))}
              options={unitOptions}
            />
          </Field>
        </Col>
        <Col xs={24} lg={12}>
          <Field
            errors={errors}
            path="shelfLifeHours"
            label={label('shelfLifeHours')}
            help={
              shortest !== null
                ? t('productFlow.materials.shortestShelfLife', { hours: shortest })
                : undefined
            }
          >
            <InputNumber
              id={fieldId('shelfLifeHours')}
              value={draft.shelfLifeHours}
              onChange={(value) => update((d) => ({ ...d, shelfLifeHours: value }))}
              min={0}
              max={8760}
              precision={0}
              style={{ width: '100%' }}
            />
          </Field>
        </Col>
      </Row>
    </>
  );
}

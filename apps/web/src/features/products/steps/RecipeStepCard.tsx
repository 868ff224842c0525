/**
 * One step of a recipe: its action, the channel it doses from, and its parameters — each chosen from
 * the family's parameters (named in the user's language, with the unit and the allowed range under
 * the value, red when the value is outside it).
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Card, Col, InputNumber, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ParameterRange } from '@brewfleet/contracts/recipes';
import { useAppStore } from '../../../app/stores/app-store';
import type { ParamRow, StepDraft } from '../product-draft';
import { parameterName } from '../recipe-check';
import Field from './Field';
import { useFieldId, replaceAt } from './step-props';
import { Button } from '../../../components/Button';

interface Props {
  index: number;
  count: number;
  step: StepDraft;
  actions: readonly string[];
  ranges: readonly ParameterRange[];
  errors: Record<string, string>;
  onChange: (step: StepDraft) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}

export default function RecipeStepCard({
  index,
  count,
  step,
  actions,
  ranges,
  errors,
  onChange,
  onRemove,
  onMove,
}: Props) {
  const fieldId = useFieldId();
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const base = `recipe.steps.${index}`;
  const actionOptions = [...new Set([...actions, ...(step.action ? [step.action] : [])])].map((a) => ({
    value: a,
    label: t(`productFlow.actions.${a}`, { defaultValue: a }),
  }));
  const paramOptions = ranges.map((r) => ({
    value: r.key,
    label: r.unit ? `${parameterName(r, language)} (${r.unit})` : parameterName(r, language),
  }));
  const setParam = (j: number, row: ParamRow) =>
    onChange({ ...step, params: replaceAt(step.params, j, row) });
  const title = t('productFlow.recipe.stepTitle', { index: index + 1 });

  return (
    <Card
      size="small"
      className="product-flow-step"
      title={title}
      data-testid={`recipe-step-${index}`}
      extra={
        <Space size={0}>
          <Button
            type="text"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            aria-label={t('productFlow.recipe.moveUp', { index: index + 1 })}
            onClick={() => onMove(-1)}
            guardMs={0}
          />
          <Button
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            aria-label={t('productFlow.recipe.moveDown', { index: index + 1 })}
            onClick={() => onMove(1)}
            guardMs={0}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('productFlow.recipe.removeStep', { index: index + 1 })}
            onClick={onRemove}
          />
        </Space>
      }
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Field errors={errors} path={`${base}.action`} label={t('productFlow.recipe.action')} required>
            <Select
              id={fieldId(`${base}.action`)}
              value={step.action || undefined}
              onChange={(action: string) => onChange({ ...step, action })}
              options={actionOptions}
              placeholder={t('common.pleaseSelect')}
            />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field errors={errors} path={`${base}.channel`} label={t('productFlow.recipe.channel')}>
            <InputNumber
              id={fieldId(`${base}.channel`)}
              value={step.channel}
              onChange={(channel) => onChange({ ...step, channel })}
              min={1}
              max={99}
              precision={0}
              style={{ width: '100%' }}
            />
          </Field>
        </Col>
      </Row>
      {step.params.map((row, j) => {
        const range = ranges.find((r) => r.key === row.key);
        const valuePath = row.key ? `${base}.params.${row.key}` : `${base}.paramRows.${j}`;
        const keyError = errors[`${base}.paramRows.${j}`];
        return (
          <Row key={j} gutter={12} data-testid={`recipe-step-${index}-param-${j}`}>
            <Col xs={24} md={12}>
              <Field
                errors={keyError ? { [`${base}.paramRows.${j}`]: keyError } : {}}
                path={`${base}.paramRows.${j}`}
                label={t('productFlow.recipe.parameter', { index: j + 1 })}
              >
                <Select
                  id={fieldId(`${base}.paramRows.${j}`)}
                  value={row.key ?? undefined}
                  onChange={(key: string) => setParam(j, { ...row, key })}
                  options={paramOptions}
                  placeholder={t('common.pleaseSelect')}
                />
              </Field>
            </Col>
            <Col xs={18} md={10}>
              <Field
                errors={row.key ? errors : {}}
                path={valuePath}
                inputId={fieldId(`${base}.value.${j}`)}
                label={t('productFlow.recipe.value', { index: j + 1 })}
                help={range ? t('productFlow.recipe.range', { ...range }) : undefined}
              >
                <InputNumber
                  id={fieldId(`${base}.value.${j}`)}
                  value={row.value}
                  onChange={(value) => setParam(j, { ...row, value })}
                  suffix={range?.unit || undefined}
                  style={{ width: '100%' }}
                />
              </Field>
            </Col>
            <Col xs={6} md={2} className="product-flow-line-action">
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('productFlow.recipe.removeParameter', { index: j + 1 })}
                onClick={() => onChange({ ...step, params: step.params.filter((_, k) => k !== j) })}
              />
            </Col>
          </Row>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange({ ...step, params: [...step.params, { key: null, value: null }] })}
        guardMs={0}
      >
        {t('productFlow.recipe.addParameter')}
      </Button>
    </Card>
  );
}

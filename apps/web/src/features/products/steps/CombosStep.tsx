/**
 * Step 4, recipe combination: the option types the product offers (size, sugar, ice …) and, for
 * every combination of their options, the factor applied to the recipe's amounts and the price
 * change. Combinations follow the chosen types; what was set for one stays while others come and go.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Input, InputNumber, Row, Select, Table, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../../../resources/field-meta';
import { useRefOptions } from '../../../resources/use-ref-options';
import { combinations, MAX_COMBOS, optionRowsFrom, sameCombos } from '../option-combos';
import { catalogRows, productKeys } from '../product-api';
import type { ComboDraft } from '../product-draft';
import Field from './Field';
import { useFieldId, replaceAt, type StepProps } from './step-props';
import { moneyAffix } from '../../../utils/format';

export default function CombosStep({ draft, update, errors, messages, merchantScope }: StepProps) {
  const fieldId = useFieldId();
  const { t } = useTranslation();
  const types = useRefOptions('option-type', true, { merchantId: merchantScope });
  const optionsQuery = useQuery({
    queryKey: productKeys.options(merchantScope ?? ''),
    queryFn: async () => optionRowsFrom(await catalogRows('option', merchantScope)),
    staleTime: 30_000,
  });
  const options = optionsQuery.data;
  const derived = useMemo(
    () => (options ? combinations(draft.optionTypeIds, options, draft.combos) : null),
    [options, draft.optionTypeIds, draft.combos],
  );
  // The draft keeps the combinations the table shows, so that they are saved (and kept as a draft).
  useEffect(() => {
    if (derived && !sameCombos(derived.combos, draft.combos))
      update((d) => ({ ...d, combos: derived.combos }));
  }, [derived, draft.combos, update]);

  const names = new Map((options ?? []).map((o) => [o.id, o.name]));
  const setCombo = (i: number, combo: ComboDraft) =>
    update((d) => ({ ...d, combos: replaceAt(d.combos, i, combo) }));
  const serverMessage = messages.find((m) => m.path === 'recipeCombos');

  return (
    <>
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Field
            errors={errors}
            path="optionTypeIds"
            label={fieldLabel(t, 'product', 'optionTypeIds')}
            help={t('productFlow.combos.typesHint')}
          >
            <Select
              id={fieldId('optionTypeIds')}
              mode="multiple"
              value={draft.optionTypeIds}
              onChange={(optionTypeIds: string[]) => update((d) => ({ ...d, optionTypeIds }))}
              options={types.data ?? []}
              loading={types.isLoading}
              allowClear
              placeholder={t('common.pleaseSelect')}
            />
          </Field>
        </Col>
      </Row>
      {serverMessage && (
        <Alert type="error" showIcon title={serverMessage.text} className="product-flow-alert" />
      )}
      {derived?.truncated && (
        <Alert
          type="warning"
          showIcon
          className="product-flow-alert"
          title={t('productFlow.combos.truncated', { count: MAX_COMBOS })}
        />
      )}
      {draft.optionTypeIds.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('productFlow.combos.none')}</Typography.Paragraph>
      ) : (
        <Table<ComboDraft & { index: number }>
          size="small"
          rowKey={(c) => c.optionIds.join('+')}
          loading={optionsQuery.isLoading}
          pagination={false}
          data-testid="recipe-combos"
          dataSource={draft.combos.map((c, index) => ({ ...c, index }))}
          columns={[
            {
              key: 'combo',
              title: t('productFlow.combos.combination'),
              render: (_, c) => c.optionIds.map((id) => names.get(id) ?? id).join(' / '),
            },
            {
              key: 'amountFactor',
              title: t('productFlow.combos.amountFactor'),
              render: (_, c) => (
                <Field
                  errors={errors}
                  path={`combos.${c.index}.amountFactor`}
                  label={null}
                  className="product-flow-cell"
                >
                  <InputNumber
                    id={fieldId(`combos.${c.index}.amountFactor`)}
                    aria-label={t('productFlow.combos.amountFactorOf', { index: c.index + 1 })}
                    value={c.amountFactor}
                    onChange={(amountFactor) => setCombo(c.index, { ...draft.combos[c.index], amountFactor })}
                    min={0}
                    max={5}
                    step={0.05}
                  />
                </Field>
              ),
            },
            {
              key: 'priceChange',
              title: t('productFlow.combos.priceChange'),
              render: (_, c) => (
                <Field
                  errors={errors}
                  path={`combos.${c.index}.priceChange`}
                  label={null}
                  className="product-flow-cell"
                >
                  <Input
                    id={fieldId(`combos.${c.index}.priceChange`)}
                    aria-label={t('productFlow.combos.priceChangeOf', { index: c.index + 1 })}
                    value={c.priceChange}
                    onChange={(e) =>
                      setCombo(c.index, { ...draft.combos[c.index], priceChange: e.target.value })
                    }
                    inputMode="decimal"
                    {...moneyAffix(t)}
                  />
                </Field>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

/**
 * The three extraction segments of a tea recipe (spec §3): first, second and third, each poured out
 * or not, with its time (s) and its amount of tea (g). The machine needs all three, one at least out.
 */
import { InputNumber, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SegmentDraft } from '../product-draft';
import { useFieldId, replaceAt } from './step-props';

const ORDINALS = ['first', 'second', 'third'] as const;

interface Props {
  segments: SegmentDraft[];
  onChange: (segments: SegmentDraft[]) => void;
}

export default function TeaSegmentsEditor({ segments, onChange }: Props) {
  const fieldId = useFieldId();
  const { t } = useTranslation();
  const set = (i: number, segment: SegmentDraft) => onChange(replaceAt(segments, i, segment));
  const name = (i: number) => t(`productFlow.tea.${ORDINALS[i]}`);
  return (
    <section className="product-flow-tea" aria-labelledby={fieldId('tea-title')}>
      <Typography.Title level={3} className="product-flow-subtitle" id={fieldId('tea-title')}>
        {t('productFlow.tea.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('productFlow.tea.hint')}</Typography.Paragraph>
      <Table<SegmentDraft & { index: number }>
        size="small"
        pagination={false}
        rowKey="index"
        data-testid="tea-segments"
        dataSource={segments.map((s, index) => ({ ...s, index }))}
        columns={[
          { key: 'segment', title: t('productFlow.tea.segment'), render: (_, s) => name(s.index) },
          {
            key: 'out',
            title: t('productFlow.tea.out'),
            render: (_, s) => (
              <Switch
                id={fieldId(`recipe.segments.${s.index}.out`)}
                checked={s.out}
                aria-label={t('productFlow.tea.outOf', { segment: name(s.index) })}
                onChange={(out) => set(s.index, { ...s, out })}
              />
            ),
          },
          {
            key: 'rangeS',
            title: t('productFlow.tea.rangeS'),
            render: (_, s) => (
              <InputNumber
                id={fieldId(`recipe.segments.${s.index}.rangeS`)}
                aria-label={t('productFlow.tea.rangeOf', { segment: name(s.index) })}
                value={s.rangeS}
                min={0}
                max={600}
                onChange={(rangeS) => set(s.index, { ...s, rangeS })}
              />
            ),
          },
          {
            key: 'amountG',
            title: t('productFlow.tea.amountG'),
            render: (_, s) => (
              <InputNumber
                id={fieldId(`recipe.segments.${s.index}.amountG`)}
                aria-label={t('productFlow.tea.amountOf', { segment: name(s.index) })}
                value={s.amountG}
                min={0}
                max={100}
                onChange={(amountG) => set(s.index, { ...s, amountG })}
              />
            ),
          },
        ]}
      />
    </section>
  );
}

/**
 * A short table of records of a resource (the detail page's recent production, faults, cleanings
 * and commands): columns named and formatted from the resource definition, as the list pages do.
 */
import { Table, type TableProps } from 'antd';
import ScrollRegion from '../../components/ScrollRegion';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import type { Row } from '../../api/types';
import CellValue from '../../resources/CellValue';
import { fieldLabel } from '../../resources/field-meta';

interface Props {
  def: ResourceDef;
  rows: Array<Record<string, unknown>>;
  fields: string[];
  /** Columns added after the fields' own. */
  extra?: ColumnsType<Row>;
  /** Cells drawn differently (a state tag …). */
  cells?: Partial<Record<string, (value: unknown, row: Row) => ReactNode>>;
  expandable?: TableProps<Row>['expandable'];
  testId?: string;
  /** Names the scrolling box for a screen reader (the card's title). */
  label: string;
}

export default function RecordTable({
  def,
  rows,
  fields,
  extra = [],
  cells = {},
  expandable,
  testId,
  label,
}: Props) {
  const { t } = useTranslation();
  const columns: ColumnsType<Row> = [
    ...fields.map((key) => ({
      key,
      dataIndex: key,
      title: fieldLabel(t, def.name, key),
      render: (value: unknown, row: Row) =>
        cells[key] ? (
          cells[key](value, row)
        ) : (
          <CellValue resource={def.name} name={key} field={def.fields[key]} value={value} />
        ),
    })),
    ...extra,
  ];
  return (
    <ScrollRegion label={label} testId={testId}>
      <Table<Row>
        size="small"
        rowKey={(row) => String(row.id)}
        columns={columns}
        dataSource={rows as Row[]}
        expandable={expandable}
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      />
    </ScrollRegion>
  );
}

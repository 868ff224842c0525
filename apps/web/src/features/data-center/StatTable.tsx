/**
 * The figures under the chart: a row per group (a product opens its own page, a machine its own),
 * a column per measure with its unit, money one line per currency, and the totals of the whole range
 * as the last line of every page of the table.
 */
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import {
  statPage,
  type StatAnswer,
  type StatDimension,
  type StatPage,
} from '@brewfleet/contracts/data-center';
import { routeNameFromUrl } from '../../app/routing/menu-routes';
import { useHasPermission } from '../../app/stores/permission-store';
import {
  OTHER_KEY,
  formatValue,
  measureKind,
  measureTitle,
  moneyEntries,
  tableData,
  type TableRow,
} from './stat-answer';
import { linkTo, type StatFilters } from './stat-filters';

/** Which page a row opens, by what the rows are: the product's or the machine's own figures. */
const ROW_PAGES: Partial<Record<StatDimension, { page: string; param: 'productCode' | 'deviceId' }>> = {
  product: { page: 'single-product', param: 'productCode' },
  device: { page: 'machine-data', param: 'deviceId' },
};

function Cell({ measure, value }: { measure: string; value: TableRow['values'][string] }) {
  const kind = measureKind(measure);
  if (value && typeof value === 'object' && moneyEntries(value).length)
    return (
      <>
        {moneyEntries(value).map(([currency, amount]) => (
          <div key={currency} className="stat-money">
            {formatValue(kind, { [currency]: amount })}
          </div>
        ))}
      </>
    );
  return <>{formatValue(kind, value)}</>;
}

/** The table's page when the server answers one page of rows at a time (rows by machine, store…). */
export interface StatPager {
  current: number;
  pageSize: number;
  onChange(page: number): void;
}

interface Props {
  page: StatPage;
  answer: StatAnswer;
  filters: StatFilters;
  loading?: boolean;
  pager?: StatPager;
}

export default function StatTable({ page, answer, filters, loading, pager }: Props) {
  const { t } = useTranslation();
  const can = useHasPermission();
  const { rows, total } = useMemo(() => tableData(t, answer), [t, answer]);
  const target = ROW_PAGES[answer.by];
  const targetPage = target && statPage(target.page);
  const linkable =
    !!targetPage && targetPage !== page && can(P.stats[targetPage.name as keyof typeof P.stats]);

  const columns: ColumnsType<TableRow> = [
    {
      key: 'label',
      dataIndex: 'label',
      title: t(`dataCenter.dimensions.${answer.by}`),
      fixed: 'left',
      render: (label: string, row) =>
        linkable && row.key && row.key !== OTHER_KEY ? (
          <Link
            to={linkTo(routeNameFromUrl(targetPage.url), page, filters, { [target.param]: row.key })}
            data-testid="stat-row-link"
          >
            {label}
          </Link>
        ) : (
          label
        ),
    },
    ...answer.measures.map((measure) => ({
      key: measure,
      title: measureTitle(t, measure),
      align: 'right' as const,
      render: (_: unknown, row: TableRow) => <Cell measure={measure} value={row.values[measure]} />,
    })),
  ];

  return (
    <Table<TableRow>
      className="stat-table"
      data-testid="stat-table"
      rowKey="key"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={
        pager
          ? {
              current: pager.current,
              pageSize: pager.pageSize,
              total: answer.rowCount,
              onChange: pager.onChange,
              hideOnSinglePage: true,
              showSizeChanger: false,
            }
          : { pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }
      }
      summary={() =>
        total && (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="stat-total" data-testid="stat-total">
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{total.label}</Typography.Text>
              </Table.Summary.Cell>
              {answer.measures.map((measure, i) => (
                <Table.Summary.Cell key={measure} index={i + 1} align="right">
                  <Typography.Text strong>
                    <Cell measure={measure} value={total.values[measure]} />
                  </Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )
      }
    />
  );
}

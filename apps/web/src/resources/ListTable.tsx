/**
 * Every list's table (generic resource pages and feature pages alike): laid out by content so that
 * nothing spills into the next column, one line a row, long texts cut with the whole text on hover,
 * the actions column held at the right edge, and the table scrolling sideways instead of clipping.
 * Done with CSS (`position: sticky`) rather than antd's `scroll`/`fixed`: its hidden measure row
 * repeats the headers' checkbox and sorters, focusable inside aria-hidden.
 */
import { Table, type TableProps } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import ClipText from './ClipText';
import './list-table.css';

/** The key of a row actions column: kept visible at the right edge. */
export const ACTIONS_KEY = 'actions';
/** Widest a plain text cell grows before it is cut (a column may say otherwise with `clipAt`). */
export const DEFAULT_CLIP = 240;

/** A list column; `clipAt` overrides how wide its plain text may grow (0: never cut). */
export type ListColumn<T> = ColumnType<T> & { clipAt?: number };

const isActions = <T,>(column: ColumnType<T>) =>
  column.key === ACTIONS_KEY || column.fixed === 'right' || column.fixed === true;

/** A column made to fit: plain text answers cut with a title, the actions column kept in view. */
export function fitColumn<T>(column: ListColumn<T>): ColumnType<T> {
  const { clipAt = DEFAULT_CLIP, ellipsis: _ellipsis, fixed: _fixed, ...rest } = column;
  const actions = isActions(column);
  const className = [rest.className, actions ? 'list-actions' : ''].filter(Boolean).join(' ') || undefined;
  const render = rest.render;
  const dataIndex = rest.dataIndex;
  return {
    ...rest,
    className,
    render: (value: unknown, row: T, index: number): ReactNode => {
      const out = render ? render(value, row, index) : dataIndex !== undefined ? value : undefined;
      if (!actions && clipAt > 0 && (typeof out === 'string' || typeof out === 'number')) {
        return <ClipText title={String(out)} maxWidth={clipAt} />;
      }
      return out as ReactNode;
    },
  };
}

export function fitColumns<T>(columns: ColumnsType<T>): ColumnsType<T> {
  return columns.map((column) =>
    'children' in column && column.children
      ? { ...column, children: fitColumns(column.children) }
      : fitColumn(column as ListColumn<T>),
  );
}

export default function ListTable<T extends object>({ className, columns, ...props }: TableProps<T>) {
  return (
    <Table<T>
      {...props}
      tableLayout="auto"
      className={['list-table', className].filter(Boolean).join(' ')}
      columns={columns ? fitColumns(columns) : undefined}
    />
  );
}

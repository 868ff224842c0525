/**
 * The generic resource screen (ARCHITECTURE "Resources"): search form, table with pagination and
 * sorting, create/edit drawer, delete with confirmation, export and import, all from one definition.
 * Every action shows only when the user holds its permission code and the resource offers it.
 * Each declared resource that a menu page lists gets this screen as it is (app/routing/screens.ts);
 * what the definition says about display (hint, hidden columns, widths, named cells, the owner
 * picker) needs no page. A feature's page wraps it only to add what is special.
 */
import {
  DeleteOutlined,
  DownOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Dropdown, Popconfirm, Space, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig, TableProps } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { resourceApi, type ListBody } from '../api/resource-api';
import type { Row } from '../api/types';
import { useHasPermission } from '../app/stores/permission-store';
import { Button } from '../components/Button';
import { useClickGuard } from '../utils/click-guard';
import { useUserStore } from '../app/stores/user-store';
import CellValue from './CellValue';
import { columnFit } from './column-fit';
import ExportButton from './ExportButton';
import { formDef, type FormShape } from './form-def';
import { enumOptions, fieldLabel, listEntries, offers, titleKey } from './field-meta';
import ImportDialog from './ImportDialog';
import InheritedTag, { isInherited } from './InheritedTag';
import { shownValue } from './localized-name';
import ListTable, { ACTIONS_KEY } from './ListTable';
import { buildListFilters, sortParam } from './list-query';
import ResourceFormDrawer, { type FieldRenderers, type FormTarget } from './ResourceFormDrawer';
import SearchForm from './SearchForm';
import { useOwnerPicker } from './use-owner-picker';
import { resourceKeys } from './use-ref-options';
import './resource-page.css';

export interface RowAction {
  key: string;
  /** A text, or one that depends on the row (suspend / resume). */
  label: string | ((row: Row) => string);
  /** Shown only when the user holds this code. */
  permission?: string;
  onClick: (row: Row) => void;
  /** Listed under the row's "More" menu instead of as a button of its own (rarer actions). */
  more?: boolean;
  /** Not offered on a row the viewer inherits (its parent's catalog): editing it, for one. */
  ownRowsOnly?: boolean;
  /** Offered only on the rows where it can be used (no suspending one's own merchant). */
  shown?: (row: Row) => boolean;
}

export interface ResourcePageProps {
  def: ResourceDef;
  /** The heading, when the screen is a narrowed view of the resource (merchant accounts …). */
  title?: string;
  /** The fields the create/edit form shows, and settings changed for it. */
  form?: FormShape;
  rowActions?: RowAction[];
  /** Filters set by something other than the search form (a tree selection …). */
  fixedFilters?: Record<string, unknown>;
  /** Values a new record starts with. */
  createDefaults?: Record<string, unknown>;
  renderers?: FieldRenderers;
  /** Shown beside the list, e.g. a tree that narrows it. */
  aside?: ReactNode;
  /** After anything changed the data (to refresh a tree …). */
  onChanged?: () => void;
  /** After a create, with the server's answer (which may carry what is shown once, e.g. a secret). */
  onCreated?: (row: Row) => void;
  /** Search fields left out of the search form (another control filters by them). */
  hiddenSearch?: string[];
  /** Shown between the search form and the table (counters that filter the list …). */
  header?: ReactNode;
  /** Changes the generated columns: custom cells, columns added or left out. The actions column follows. */
  adjustColumns?: (columns: ColumnsType<Row>) => ColumnsType<Row>;
  /** Buttons acting on the selected rows, shown above the table while some are selected; giving them turns row selection on. */
  bulkActions?: (selectedIds: string[], clearSelection: () => void) => ReactNode;
  /** Texts shown whole rather than cut short at their column's width (the table scrolls sideways). */
  wide?: boolean;
  /** Rows that open to show more (quality data of a cup …). */
  expandable?: TableProps<Row>['expandable'];
  /** The search form's filters, each time they are applied (counters use the same ones). */
  onFiltersChange?: (filters: Record<string, unknown>) => void;
  /** The rows shown now (a live subscription follows them). */
  onRowsChange?: (rows: Row[]) => void;
}

const PAGE_SIZES = [10, 20, 50, 100];
const STORE_FIXED_FILTERS = ['merchantId', 'storeId'];

const actionLabel = (action: RowAction, row: Row) =>
  typeof action.label === 'function' ? action.label(row) : action.label;

export default function ResourcePage({
  def,
  title: titleText,
  form,
  rowActions = [],
  fixedFilters,
  createDefaults,
  renderers,
  aside,
  onChanged,
  onCreated,
  hiddenSearch = [],
  header,
  adjustColumns,
  bulkActions,
  wide = false,
  expandable,
  onFiltersChange,
  onRowsChange,
}: ResourcePageProps) {
  const { t, i18n } = useTranslation();
  const can = useHasPermission();
  // A store user's rows are all of its store and merchant: filtering by them would choose nothing.
  const ownTenantFilters = useUserStore((s) => s.partnerType) === 'store' ? STORE_FIXED_FILTERS : [];
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZES[0]);
  const [sort, setSort] = useState<string | undefined>(undefined);
  const [selected, setSelected] = useState<string[]>([]);
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [importing, setImporting] = useState(false);

  // Other filters set from outside (a tree node, a counter …) start the list over at page 1.
  const fixedKey = JSON.stringify(fixedFilters ?? {});
  const [pagedFor, setPagedFor] = useState(fixedKey);
  if (pagedFor !== fixedKey) {
    setPagedFor(fixedKey);
    setPage(1);
  }
  const allFilters = useMemo(() => ({ ...filters, ...fixedFilters }), [filters, fixedFilters]);
  const body: ListBody = { page, limit, ...(sort ? { sort } : {}), ...allFilters };
  const list = useQuery({
    queryKey: resourceKeys.list(def.name, body),
    queryFn: () => resourceApi.list(def.name, body),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list;
  useEffect(() => {
    if (rows) onRowsChange?.(rows);
  }, [rows, onRowsChange]);

  const perms = def.permissions;
  const canCreate = offers(def, 'create') && can(perms.create);
  const canUpdate = offers(def, 'update') && can(perms.update);
  const canDelete = offers(def, 'delete') && can(perms.delete);
  const canImport = offers(def, 'create') && can(perms.import);
  const canExport = can(perms.export);
  const actions = rowActions.filter((a) => !a.permission || can(a.permission));

  const owner = useOwnerPicker(def);
  const editing = formTarget?.mode === 'update' ? formTarget.id : undefined;
  const drawerDef = useMemo(
    () =>
      formDef(
        def,
        owner.overrides ? { ...form, overrides: { ...owner.overrides, ...form?.overrides } } : form,
        editing,
      ),
    [def, form, owner, editing],
  );
  const startValues = useMemo(
    () =>
      owner.createDefaults || createDefaults ? { ...owner.createDefaults, ...createDefaults } : undefined,
    [owner, createDefaults],
  );
  const changed = useCallback(() => onChanged?.(), [onChanged]);
  const closeForm = useCallback(() => setFormTarget(null), []);
  const creating = formTarget?.mode === 'create';
  const saved = useCallback(
    (row: Row) => {
      if (creating) onCreated?.(row);
      changed();
    },
    [creating, onCreated, changed],
  );
  const clearSelection = useCallback(() => setSelected([]), []);

  const remove = async (ids: string[]) => {
    try {
      const { deleted } = await resourceApi.remove(def.name, ids);
      void message.success(t('common.deleted', { count: deleted }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
      changed();
    } catch {
      // toasted by the client
    }
  };

  // Deleting sends a request: its buttons rest 3000 ms after a confirmed click (spec §5).
  const [removing, guardedRemove] = useClickGuard((ids: string[]) => void remove(ids));

  const generated: ColumnsType<Row> = listEntries(def).map(([key, field]) => {
    const label = fieldLabel(t, def.name, key);
    const fit = columnFit(
      field,
      label,
      enumOptions(t, def.name, key, field).map((o) => o.label),
    );
    const maxWidth = wide ? undefined : fit.maxWidth;
    return {
      key,
      dataIndex: key,
      title: label,
      sorter: field.sortable ? true : undefined,
      sortOrder: sort === key ? 'ascend' : sort === `-${key}` ? 'descend' : null,
      onHeaderCell: () => ({ style: { minWidth: fit.minWidth } }),
      render: (_: unknown, row: Row) => {
        // A name given per language reads in the console's language.
        const value = shownValue(def, row, key, i18n.language);
        const cell = (
          <CellValue resource={def.name} name={key} field={field} value={value} maxWidth={maxWidth} />
        );
        // A row the viewer inherits says whose it is, beside its name.
        return key === def.labelField && isInherited(row) ? (
          <Space size={4} wrap>
            {cell}
            <InheritedTag row={row} />
          </Space>
        ) : (
          cell
        );
      },
    };
  });
  const columns = adjustColumns ? adjustColumns(generated) : generated;
  if (canUpdate || canDelete || actions.length) {
    columns.push({
      key: ACTIONS_KEY,
      title: t('common.actions'),
      render: (_: unknown, row: Row) => {
        // An inherited row is read only: no edit, no delete, no action meant for one's own rows.
        const own = !isInherited(row);
        const rowActions = (own ? actions : actions.filter((action) => !action.ownRowsOnly)).filter(
          (action) => !action.shown || action.shown(row),
        );
        return (
          <Space size={0}>
            {canUpdate && own && (
              <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'update', id: row.id })}>
                {t('common.edit')}
              </Button>
            )}
            {rowActions
              .filter((action) => !action.more)
              .map((action) => (
                <Button key={action.key} type="link" size="small" onClick={() => action.onClick(row)}>
                  {actionLabel(action, row)}
                </Button>
              ))}
            {rowActions.some((action) => action.more) && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: rowActions
                    .filter((action) => action.more)
                    .map((action) => ({ key: action.key, label: actionLabel(action, row) })),
                  onClick: ({ key }) => rowActions.find((action) => action.key === key)?.onClick(row),
                }}
              >
                <Button type="link" size="small" icon={<DownOutlined />} iconPlacement="end" guardMs={0}>
                  {t('common.more')}
                </Button>
              </Dropdown>
            )}
            {canDelete && own && (
              <Popconfirm
                title={
                  typeof row[def.labelField] === 'string' && row[def.labelField]
                    ? t('common.confirmDeleteNamed', { name: row[def.labelField] })
                    : t('common.confirmDelete')
                }
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove([row.id])}
              >
                <Button type="link" size="small" danger guardMs={0}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    });
  }

  const onTableChange = (
    pagination: TablePaginationConfig,
    _f: unknown,
    sorter: SorterResult<Row> | SorterResult<Row>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const nextSort = sortParam(one?.columnKey ?? one?.field, one?.order);
    if (nextSort !== sort) {
      setSort(nextSort);
      setPage(1);
    } else {
      setPage(pagination.current ?? 1);
    }
    setLimit(pagination.pageSize ?? limit);
  };

  const title = titleText ?? t(titleKey(def.name));
  const table = (
    <Card
      className="page-card"
      title={
        <Typography.Title level={2} className="resource-title">
          {title}
        </Typography.Title>
      }
      extra={
        <Space wrap>
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setFormTarget({ mode: 'create', defaults: startValues })}
              data-testid="create"
            >
              {t('common.create')}
            </Button>
          )}
          {canDelete && selected.length > 0 && (
            <Popconfirm
              title={t('common.confirmDeleteMany', { count: selected.length })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => guardedRemove(selected)}
            >
              <Button danger icon={<DeleteOutlined />} disabled={removing} guardMs={0}>
                {t('common.deleteSelected')}
              </Button>
            </Popconfirm>
          )}
          {canImport && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="import">
              {t('common.import')}
            </Button>
          )}
          {canExport && (
            <ExportButton resource={def.name} filters={{ ...allFilters, ...(sort ? { sort } : {}) }} />
          )}
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('common.refresh')}
            onClick={() => void list.refetch()}
          />
        </Space>
      }
    >
      <SearchForm
        def={def}
        hidden={[...hiddenSearch, ...ownTenantFilters, ...Object.keys(fixedFilters ?? {})]}
        onSearch={(values) => {
          const next = buildListFilters(def, values);
          setFilters(next);
          setPage(1);
          onFiltersChange?.(next);
        }}
      />
      {def.hint && <Typography.Paragraph type="secondary">{t(def.hint)}</Typography.Paragraph>}
      {header}
      {bulkActions && selected.length > 0 && (
        <div
          className="resource-bulk-bar"
          role="region"
          aria-label={t('bulk.selected', { count: selected.length })}
        >
          <Typography.Text strong>{t('bulk.selected', { count: selected.length })}</Typography.Text>
          {bulkActions(selected, clearSelection)}
          <Button type="link" size="small" onClick={clearSelection}>
            {t('bulk.clear')}
          </Button>
        </div>
      )}
      <ListTable<Row>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={rows ?? []}
        onChange={onTableChange}
        expandable={expandable}
        rowSelection={
          canDelete || bulkActions
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                // Inherited rows cannot be deleted, so they are not selected for it either.
                getCheckboxProps: (row: Row) => ({ disabled: isInherited(row) }),
              }
            : undefined
        }
        pagination={{
          current: page,
          pageSize: limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          // A large list's total is a recent count or an estimate: said as "about".
          showTotal: (total) =>
            t(list.data?.totalExact === false ? 'common.totalAbout' : 'common.total', { count: total }),
        }}
      />
    </Card>
  );

  return (
    <>
      {aside ? (
        <div className="resource-with-aside">
          <aside>{aside}</aside>
          <div className="resource-main">{table}</div>
        </div>
      ) : (
        table
      )}
      <ResourceFormDrawer
        def={drawerDef}
        title={title}
        target={formTarget}
        onClose={closeForm}
        onSaved={saved}
        renderers={renderers}
      />
      {canImport && (
        <ImportDialog
          resource={def.name}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={changed}
        />
      )}
    </>
  );
}

/**
 * The machines a configuration goes to: searched by name, serial number and store, ticked across
 * pages (the choice survives paging and searching until it is cleared).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceResource } from '@brewfleet/contracts/resources/device';
import { resourceApi, type ListBody } from '../../api/resource-api';
import type { Row } from '../../api/types';
import CellValue from '../../resources/CellValue';
import { fieldLabel } from '../../resources/field-meta';
import { formDef } from '../../resources/form-def';
import { buildListFilters } from '../../resources/list-query';
import SearchForm from '../../resources/SearchForm';
import { resourceKeys } from '../../resources/use-ref-options';

const SEARCH_DEF = formDef(deviceResource, { fields: ['name', 'serialNumber', 'storeId'] });
const COLUMN_KEYS = ['name', 'serialNumber', 'modelId', 'storeId', 'online'] as const;
const PAGE_SIZES = [10, 20, 50, 100];

interface Props {
  selected: string[];
  onChange: (ids: string[]) => void;
}

export default function MachinePicker({ selected, onChange }: Props) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZES[0]);
  const body: ListBody = { page, limit, ...filters };
  const list = useQuery({
    queryKey: resourceKeys.list(deviceResource.name, body),
    queryFn: () => resourceApi.list(deviceResource.name, body),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<Row> = COLUMN_KEYS.map((key) => ({
    key,
    dataIndex: key,
    title: fieldLabel(t, deviceResource.name, key),
    render: (value: unknown) => (
      <CellValue resource={deviceResource.name} name={key} field={deviceResource.fields[key]} value={value} />
    ),
  }));

  return (
    <>
      <SearchForm
        def={SEARCH_DEF}
        onSearch={(values) => {
          setFilters(buildListFilters(SEARCH_DEF, values));
          setPage(1);
        }}
      />
      <Table<Row>
        rowKey="id"
        size="middle"
        data-testid="distribution-machines"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onChange(keys.map(String)),
        }}
        pagination={{
          current: page,
          pageSize: limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => t('common.total', { count: total }),
          onChange: (nextPage, nextLimit) => {
            setPage(nextLimit === limit ? nextPage : 1);
            setLimit(nextLimit);
          },
        }}
      />
    </>
  );
}

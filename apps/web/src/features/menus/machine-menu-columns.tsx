/**
 * The columns both menu screens show for a machine: which menu it runs, which was pushed to it last
 * and whether they are the same (its menu status), beside its name linked to its detail page.
 */
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Row } from '../../api/types';
import { detailPath } from '../device/device-links';
import MenuVersionLink from './MenuVersionLink';
import { MenuStatusTag } from './MenuTags';

export const machineNameColumn = (t: TFunction): ColumnsType<Row>[number] => ({
  key: 'name',
  dataIndex: 'name',
  title: t('resources.device.fields.name'),
  render: (name: unknown, row: Row) => <Link to={detailPath(row)}>{String(name ?? row.id)}</Link>,
});

export function machineMenuColumns(t: TFunction): ColumnsType<Row> {
  return [
    {
      key: 'menuStatus',
      dataIndex: 'menuStatus',
      title: t('resources.device.fields.menuStatus'),
      render: (status: unknown) => <MenuStatusTag status={status} />,
    },
    {
      key: 'menuVersion',
      dataIndex: 'menuVersion',
      title: t('machineMenus.running'),
      render: (version: unknown, row: Row) => (
        <MenuVersionLink version={version} merchantId={row.merchantId} />
      ),
    },
    {
      key: 'assignedMenuVersion',
      dataIndex: 'assignedMenuVersion',
      title: t('machineMenus.assigned'),
      render: (version: unknown, row: Row) => (
        <MenuVersionLink version={version} merchantId={row.merchantId} />
      ),
    },
  ];
}

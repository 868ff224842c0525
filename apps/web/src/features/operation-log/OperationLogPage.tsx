/** The operation log: listable and exportable, never editable (the definition disables the rest). */
import type { ColumnsType } from 'antd/es/table';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { operationLogResource } from '@brewfleet/contracts/resources/operation-log';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import { actionLabel } from './action-label';

export default function OperationLogPage() {
  const { t, i18n } = useTranslation();
  // The action reads as a sentence in the viewer's language, not as its key.
  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>) =>
      columns.map((column) =>
        column.key === 'action'
          ? { ...column, render: (value: unknown) => actionLabel(String(value ?? ''), t, i18n) }
          : column,
      ),
    [t, i18n],
  );
  return <ResourcePage def={operationLogResource} adjustColumns={adjustColumns} />;
}

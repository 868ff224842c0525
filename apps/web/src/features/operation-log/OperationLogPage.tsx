/** The operation log: listable and exportable, never editable (the definition disables the rest). */
import type { ColumnsType } from 'antd/es/table';
import { useCallback } from 'react';
import { operationLogResource } from '@brewfleet/contracts/resources/operation-log';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import { actionLabel } from './action-label';
import { useAppStore } from '../../app/stores/app-store';

export default function OperationLogPage() {
  const language = useAppStore((s) => s.language);
  // The action reads as a sentence in the viewer's language, not as its key.
  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>) =>
      columns.map((column) =>
        column.key === 'action'
          ? { ...column, render: (value: unknown) => actionLabel(String(value ?? ''), language) }
          : column,
      ),
    [language],
  );
  return <ResourcePage def={operationLogResource} adjustColumns={adjustColumns} />;
}

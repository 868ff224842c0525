/**
 * Command configuration (`command/config`): one seeded row per command type saying how long a command
 * stays valid and how often and how far apart delivery is retried. Rows are only edited: the types
 * are fixed by the device protocol (the definition disables create and delete).
 */
import { commandConfigResource } from '@brewfleet/contracts/resources/commands';
import type { ColumnsType } from 'antd/es/table';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/types';
import type { FormShape } from '../../resources/form-def';
import ResourcePage from '../../resources/ResourcePage';
import { formatDuration } from '../../utils/format';

const FORM: FormShape = {
  fields: ['expirySeconds', 'maxAttempts', 'retryIntervalSeconds', 'description'],
};
/** Stored in seconds, read as "7 days" rather than 604800. */
const DURATIONS = new Set(['expirySeconds', 'retryIntervalSeconds']);

export default function CommandConfigPage() {
  const { t } = useTranslation();
  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>): ColumnsType<Row> =>
      columns.map((c) =>
        DURATIONS.has(String(c.key))
          ? { ...c, render: (value: unknown) => formatDuration(value as number, t) }
          : c,
      ),
    [t],
  );
  return <ResourcePage def={commandConfigResource} form={FORM} adjustColumns={adjustColumns} />;
}

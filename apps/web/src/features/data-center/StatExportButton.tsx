/** Export the figures shown (the same query) as Excel or CSV (`POST …/data-center/export`). */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatQuery } from '@brewfleet/contracts/data-center';
import { saveFile, type FileFormat } from '../../api/resource-api';
import { Button } from '../../components/Button';
import { useClickGuard } from '../../utils/click-guard';
import { exportStats } from './data-center-api';

export default function StatExportButton({ query, disabled }: { query: StatQuery; disabled?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, run] = useClickGuard(async (format: FileFormat) => {
    try {
      const file = await exportStats(query, format);
      saveFile(file);
      void message.success(t('exporter.done', { name: file.filename }));
    } catch {
      // already toasted by the client
    }
  });
  return (
    <Dropdown
      disabled={busy || disabled}
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: t('exporter.xlsx') },
          { key: 'csv', label: t('exporter.csv') },
        ],
        onClick: ({ key }) => run(key as FileFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} disabled={disabled} data-testid="export" guardMs={0}>
        {t('common.export')}
      </Button>
    </Dropdown>
  );
}

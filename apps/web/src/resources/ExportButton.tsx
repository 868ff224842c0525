/** Export the current list (same filters and sort) as Excel or CSV. */
import { DownloadOutlined } from '@ant-design/icons';
import { App, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceApi, saveFile, type FileFormat } from '../api/resource-api';
import { useClickGuard } from '../utils/click-guard';
import { Button } from '../components/Button';

export default function ExportButton({
  resource,
  filters,
}: {
  resource: string;
  filters: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, run] = useClickGuard(async (format: FileFormat) => {
    try {
      const file = await resourceApi.exportFile(resource, format, filters);
      saveFile(file);
      void message.success(t('exporter.done', { name: file.filename }));
    } catch {
      // already toasted by the client
    }
  });
  return (
    <Dropdown
      disabled={busy}
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: t('exporter.xlsx') },
          { key: 'csv', label: t('exporter.csv') },
        ],
        onClick: ({ key }) => run(key as FileFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} data-testid="export" guardMs={0}>
        {t('common.export')}
      </Button>
    </Dropdown>
  );
}

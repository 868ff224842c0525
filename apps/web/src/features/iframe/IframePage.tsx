/** A menu entry whose url is an external address, shown inside the console. */
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pickName } from '../../app/i18n';
import { useAppStore } from '../../app/stores/app-store';
import { useLayoutStore } from '../../app/stores/layout-store';
import { Button } from '../../components/Button';

export default function IframePage({
  url,
  names,
}: {
  url: string;
  names: { en: string; zh: string; tw: string };
}) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const height = useLayoutStore((s) => s.documentHeight);
  const name = pickName(names, language);
  return (
    <div>
      <div style={{ textAlign: 'right', marginBottom: 8 }}>
        <Button href={url} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />} guardMs={0}>
          {t('iframe.openNew')}
        </Button>
      </div>
      <iframe
        src={url}
        title={t('iframe.title', { name })}
        style={{ width: '100%', height: Math.max(400, height - 180), border: 0, background: '#fff' }}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      />
    </div>
  );
}

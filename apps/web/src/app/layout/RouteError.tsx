/** Shown when a route fails to load (for example a lazy chunk missing after a deploy). */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

export default function RouteError() {
  const { t } = useTranslation();
  return (
    <main>
      <Result
        status="error"
        title={t('errors.pageFailed')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      />
    </main>
  );
}

import { Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t('routes.notFound')} · ${t('app.name')}`;
  }, [t]);
  return (
    <main>
      <Result
        status="404"
        title={<h1 style={{ margin: 0 }}>{t('errors.notFoundTitle')}</h1>}
        subTitle={t('errors.notFoundText')}
        extra={
          <Button type="primary" onClick={() => navigate('/home')} guardMs={0}>
            {t('errors.backHome')}
          </Button>
        }
      />
    </main>
  );
}

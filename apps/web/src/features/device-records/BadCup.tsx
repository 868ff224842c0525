/** A bad cup stands out in red: it is what the quality data of a production row is read for. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export default function BadCup({ bad }: { bad: boolean }) {
  const { t } = useTranslation();
  return bad ? (
    <Tag color="#a8071a" data-bad-cup>
      {t('resources.production-record.fields.badCup')}
    </Tag>
  ) : (
    <>{t('common.no')}</>
  );
}

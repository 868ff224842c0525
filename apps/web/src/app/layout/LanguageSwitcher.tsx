import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@brewfleet/contracts/enums';
import { HTML_LANG, setLanguage } from '../i18n';
import { useAppStore } from '../stores/app-store';
import { Button } from '../../components/Button';

/** Each language is named in its own script, so a reader of any of them can find theirs. */
export default function LanguageSwitcher({ className }: { className?: string }) {
  const language = useAppStore((s) => s.language);
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({
          key: l,
          label: <span lang={HTML_LANG[l]}>{t(`languages.${l}`)}</span>,
        })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<GlobalOutlined />}
        aria-label={`${t('nav.language')}: ${t(`languages.${language}`)}`}
        data-testid="language-switcher"
        guardMs={0}
      >
        <span lang={HTML_LANG[language]}>{t(`languages.${language}`)}</span>
      </Button>
    </Dropdown>
  );
}

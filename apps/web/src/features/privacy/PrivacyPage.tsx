/** The three public privacy documents, in the reader's language, with links between them. */
import { Card, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '@brewfleet/contracts/enums';
import LanguageSwitcher from '../../app/layout/LanguageSwitcher';
import { useAppStore } from '../../app/stores/app-store';
import { en } from './texts/en';
import { tw } from './texts/tw';
import { PRIVACY_UPDATED, type PrivacyDoc, type PrivacyTexts } from './texts/types';
import { zh } from './texts/zh';
import './privacy.css';

const TEXTS: Record<Language, PrivacyTexts> = { en, zh, tw };
const DOCS: PrivacyDoc[] = ['privacyAgreement', 'privacyAgreement1', 'privacyAgreement2'];

export default function PrivacyPage({ doc }: { doc: PrivacyDoc }) {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const text = TEXTS[language][doc];

  useEffect(() => {
    document.title = `${text.title} · ${t('app.name')}`;
  }, [text.title, t]);

  return (
    <div className="privacy-page">
      <header className="privacy-header">
        <Link to="/login">{t('privacy.backToLogin')}</Link>
        <LanguageSwitcher />
      </header>
      <main>
        <Card>
          <Typography>
            <Typography.Title level={1}>{text.title}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {t('privacy.lastUpdated', { date: PRIVACY_UPDATED })}
            </Typography.Paragraph>
            <Typography.Paragraph>{text.intro}</Typography.Paragraph>
            {text.sections.map((section) => (
              <section key={section.heading}>
                <Typography.Title level={2}>{section.heading}</Typography.Title>
                {section.paragraphs.map((p) => (
                  <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
                ))}
              </section>
            ))}
          </Typography>
        </Card>
        <nav aria-label={t('privacy.otherDocuments')} className="privacy-links">
          {DOCS.filter((d) => d !== doc).map((d) => (
            <Link key={d} to={`/${d}`}>
              {TEXTS[language][d].title}
            </Link>
          ))}
        </nav>
      </main>
    </div>
  );
}

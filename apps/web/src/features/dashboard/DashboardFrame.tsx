/**
 * The big screen's frame: a header (the dashboard's title, whose figures — the scope's merchant or
 * store, the link's name —, a clock, the "as of" of the figures) over a grid that fills the rest of
 * the screen, made for 1920×1080 without scrolling. Panels are titled boxes of the grid.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HTML_LANG } from '../../app/i18n';
import type { Language } from '@brewfleet/contracts/enums';
import type { DashboardAnswer } from './dashboard-api';
import './dashboard.css';

/** Intl's tag for the console's language: a lobby screen reads the language chosen, not the browser's. */
function useLocale(): string {
  const { i18n } = useTranslation();
  return HTML_LANG[i18n.language as Language] ?? 'en';
}

function Clock() {
  const locale = useLocale();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="dashboard-clock" dateTime={now.toISOString()}>
      {now.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' })}
    </time>
  );
}

export function Panel(props: { title: string; area: string; testId: string; children: ReactNode }) {
  return (
    <section className="dashboard-panel" style={{ gridArea: props.area }} data-testid={props.testId}>
      <h2>{props.title}</h2>
      <div className="dashboard-panel-body">{props.children}</div>
    </section>
  );
}

export function Tile(props: { title: string; value: ReactNode; sub?: ReactNode; testId: string }) {
  // A value in words ("No sales yet") is set smaller than a figure; either keeps its whole text as a
  // title when the tile is too narrow for it.
  const text = typeof props.value === 'string' ? props.value : undefined;
  const words = text !== undefined && !/\d/.test(text);
  return (
    <section className="dashboard-tile" data-testid={props.testId}>
      <h2>{props.title}</h2>
      <div
        className={words ? 'dashboard-tile-value dashboard-tile-words' : 'dashboard-tile-value'}
        title={text}
      >
        {props.value}
      </div>
      {props.sub && (
        <div className="dashboard-tile-sub" title={typeof props.sub === 'string' ? props.sub : undefined}>
          {props.sub}
        </div>
      )}
    </section>
  );
}

export default function DashboardFrame(props: {
  title: string;
  data: DashboardAnswer | undefined;
  error: string | null;
  layout: 'operation' | 'dataShow';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data } = props;
  const scope = data
    ? [data.scope.merchantName ?? t('dashboard.allMerchants'), data.scope.storeName, data.scope.linkName]
        .filter(Boolean)
        .join(' · ')
    : '';
  const asOf = data?.asOf ?? data?.generatedAt;
  return (
    <div className={`dashboard dashboard-${props.layout}`} data-testid="dashboard">
      <header className="dashboard-header">
        <h1>{props.title}</h1>
        <span className="dashboard-scope" data-testid="dashboard-scope">
          {scope}
        </span>
        <span className="dashboard-meta">
          {asOf && (
            <span data-testid="dashboard-as-of">
              {t('dashboard.asOf', { time: new Date(asOf).toLocaleTimeString(locale) })}
            </span>
          )}
          <span className="dashboard-live" aria-hidden>
            ● {t('dashboard.live')}
          </span>
          <Clock />
        </span>
      </header>
      {props.error ? (
        <div className="dashboard-message" role="alert" data-testid="dashboard-error">
          {props.error}
        </div>
      ) : !data ? (
        <div className="dashboard-message">{t('dashboard.loading')}</div>
      ) : (
        <div className="dashboard-grid">{props.children}</div>
      )}
    </div>
  );
}

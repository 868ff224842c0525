/** The figures row of both dashboards: cups and revenue today against last week, machines online, bad-cup rate. */
import { useTranslation } from 'react-i18next';
import type { DashboardAnswer } from './dashboard-api';
import { Tile } from './DashboardFrame';
import { HTML_LANG } from '../../app/i18n';
import type { Language } from '@brewfleet/contracts/enums';
import { badCupRate, change, formatPercent, revenueLines } from './layout-model';

function Change({ share, lang }: { share: number | null; lang: string }) {
  const { t } = useTranslation();
  if (share === null) return null;
  return (
    <span className={share >= 0 ? 'dashboard-up' : 'dashboard-down'}>
      {t('dashboard.change', { percent: formatPercent(share, lang) })}
    </span>
  );
}

export default function Tiles({ data }: { data: DashboardAnswer }) {
  const { t, i18n } = useTranslation();
  // Intl's tag for the console's language (its 'tw' is Twi to Intl).
  const lang = HTML_LANG[i18n.language as Language] ?? 'en';
  const number = (n: number) => new Intl.NumberFormat(lang).format(n);
  const money = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(n);
  const [main, ...others] = revenueLines(data.revenue);
  const rate = badCupRate(data.cups);
  return (
    <div className="dashboard-tiles">
      <Tile
        testId="tile-cups"
        title={t('dashboard.cupsToday')}
        value={number(data.cups.today)}
        sub={
          <>
            {t('dashboard.lastWeek', { value: number(data.cups.lastWeek) })}{' '}
            <Change share={change(data.cups.today, data.cups.lastWeek)} lang={lang} />
          </>
        }
      />
      <Tile
        testId="tile-revenue"
        title={t('dashboard.revenueToday')}
        value={
          main ? (
            <>
              {money(main.today)}
              <small>{main.currency}</small>
              {others.map((o) => (
                <small key={o.currency}>
                  {money(o.today)} {o.currency}
                </small>
              ))}
            </>
          ) : (
            t('dashboard.noRevenue')
          )
        }
        sub={
          main && (
            <>
              {t('dashboard.lastWeek', { value: `${money(main.lastWeek)} ${main.currency}` })}{' '}
              <Change share={main.change} lang={lang} /> ·{' '}
              {t('dashboard.ordersToday', { count: data.revenue.ordersToday })}
            </>
          )
        }
      />
      <Tile
        testId="tile-machines"
        title={t('dashboard.states.online')}
        value={
          <>
            {number(data.machines.online)}
            <small>/ {number(data.machines.all)}</small>
          </>
        }
        sub={`${t('dashboard.states.alarm')} ${number(data.machines.alarm)} · ${t('dashboard.states.shortage')} ${number(data.machines.shortage)}`}
      />
      <Tile
        testId="tile-bad-cups"
        title={t('dashboard.badCupRate')}
        value={
          rate === null
            ? '—'
            : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(rate)
        }
        sub={`${number(data.cups.badToday)} / ${number(data.cups.reportedToday)}`}
      />
    </div>
  );
}

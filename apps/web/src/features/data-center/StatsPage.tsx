/**
 * Every statistics page of the data center (issue 17 point 2), drawn from its declaration in
 * contracts/data-center.ts (STAT_PAGES): the filters and grouping (kept in the address), a chart,
 * the table with its totals, an export of exactly these figures, and when they were counted. A page
 * about one product or machine asks for it first. Rows open the product's or machine's own page.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Select, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Language } from '@brewfleet/contracts/enums';
import { P } from '@brewfleet/contracts/permissions';
import {
  STAT_SERIES_DIMENSIONS,
  STAT_TABLE_PAGE,
  statPage,
  type StatPage,
} from '@brewfleet/contracts/data-center';
import { routeNameFromUrl } from '../../app/routing/menu-routes';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { pickName } from '../../app/i18n';
import { useHasPermission } from '../../app/stores/permission-store';
import { Button } from '../../components/Button';
import { useRefOptions } from '../../resources/use-ref-options';
import { dataCenterKeys, fetchStats } from './data-center-api';
import { withProductNames } from './stat-answer';
import { chartModel } from './stat-chart';
import StatChart from './StatChart';
import StatExportButton from './StatExportButton';
import StatFiltersBar, { useProductOptions } from './StatFiltersBar';
import StatTable from './StatTable';
import {
  FILTER_PARAMS,
  filtersFrom,
  filtersSearch,
  lacksRequired,
  statQueryOf,
  type StatFilters,
} from './stat-filters';
import './data-center.css';

const PRODUCTION_RECORDS = '/dataCenter-produceRecord';

export const statPath = (page: StatPage) => `/${routeNameFromUrl(page.url)}`;

/**
 * The view in the address: read when the page is opened with any filter, written back (replacing the
 * entry) when the user changes one. A tab reopened by its bare path keeps the last view.
 */
function useStatFilters(page: StatPage): [StatFilters, (next: StatFilters) => void] {
  const path = statPath(page);
  const arrival = useArrivalParams(path, FILTER_PARAMS);
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFrom(page, arrival.values), [page, arrival]);
  const change = useCallback(
    (next: StatFilters) => void navigate(`${path}?${filtersSearch(page, next)}`, { replace: true }),
    [navigate, page, path],
  );
  return [filters, change];
}

/** The product or machine a detail page is about, asked for before anything else. */
function RequiredPicker({
  page,
  filters,
  onChange,
}: {
  page: StatPage;
  filters: StatFilters;
  onChange: (next: StatFilters) => void;
}) {
  const { t } = useTranslation();
  const isProduct = page.requires === 'productCode';
  const products = useProductOptions(filters.merchantId);
  const devices = useRefOptions('device', !isProduct, { merchantId: filters.merchantId });
  const options = (isProduct ? products.data : devices.data) ?? [];
  const prompt = t(`dataCenter.requires.${page.requires}`);
  return (
    <Card className="page-card stat-required" data-testid="stat-required">
      <Empty description={prompt}>
        <Select
          autoFocus
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={prompt}
          data-testid="stat-required-picker"
          className="stat-required-picker"
          loading={isProduct ? products.isLoading : devices.isLoading}
          options={options}
          placeholder={t(`dataCenter.filters.${isProduct ? 'product' : 'device'}`)}
          onChange={(value: string) => onChange({ ...filters, [page.requires!]: value })}
        />
      </Empty>
    </Card>
  );
}

/** "Figures as of 12:03:05" and how they were counted. */
function AsOf({ asOf, source }: { asOf: string | null; source: 'rollup' | 'raw' }) {
  const { t } = useTranslation();
  const at = asOf ? dayjs(asOf) : null;
  const time = at?.isValid()
    ? at.format(at.isSame(dayjs(), 'day') ? 'HH:mm:ss' : 'YYYY-MM-DD HH:mm:ss')
    : null;
  return (
    <Typography.Paragraph type="secondary" className="stat-as-of" data-testid="stat-as-of">
      {time && <span>{t('dataCenter.asOf', { time })} · </span>}
      {t(source === 'raw' ? 'dataCenter.sourceRaw' : 'dataCenter.sourceRollup')}
    </Typography.Paragraph>
  );
}

export function StatsPage({ page }: { page: StatPage }) {
  const { t, i18n } = useTranslation();
  const can = useHasPermission();
  const [filters, setFilters] = useStatFilters(page);
  // The figures of these filters (what the export writes, every row)…
  const figures = useMemo(() => statQueryOf(page, filters), [page, filters]);
  // …asked one table page at a time when the rows are machines, stores, products… (a time series
  // comes whole: its chart has no pages). Other filters start again at the first page.
  const paged = !STAT_SERIES_DIMENSIONS.includes(filters.by);
  const figuresKey = JSON.stringify(figures);
  const [tablePage, setTablePage] = useState({ of: figuresKey, current: 1 });
  const current = tablePage.of === figuresKey ? tablePage.current : 1;
  const query = useMemo(
    () => (paged ? { ...figures, offset: (current - 1) * STAT_TABLE_PAGE, limit: STAT_TABLE_PAGE } : figures),
    [figures, paged, current],
  );
  const pager = useMemo(
    () =>
      paged
        ? {
            current,
            pageSize: STAT_TABLE_PAGE,
            onChange: (n: number) => setTablePage({ of: figuresKey, current: n }),
          }
        : undefined,
    [paged, current, figuresKey],
  );
  const waiting = lacksRequired(page, filters);
  const answer = useQuery({
    queryKey: dataCenterKeys.query(query),
    queryFn: () => fetchStats(query),
    enabled: !waiting,
    placeholderData: keepPreviousData,
  });
  const products = useProductOptions(filters.merchantId);
  // An answer for other filters stays on screen while the new one comes (the export waits for it).
  const data = useMemo(
    () =>
      answer.data && answer.data.by === query.by ? withProductNames(answer.data, products.data) : undefined,
    [answer.data, query.by, products.data],
  );
  // A page past the end (fewer rows since): back to the first.
  const pastEnd = !!data && !data.rows.length && data.rowCount > 0 && current > 1;
  useEffect(() => {
    if (pastEnd) setTablePage({ of: figuresKey, current: 1 });
  }, [pastEnd, figuresKey]);
  const model = useMemo(() => (data?.rows.length ? chartModel(t, page, data) : null), [t, page, data]);
  const [zh, tw, en] = page.titles;
  const title = pickName({ zh, tw, en }, i18n.language as Language);

  let body;
  if (waiting) body = <RequiredPicker page={page} filters={filters} onChange={setFilters} />;
  else if (answer.isError)
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="stat-error"
        title={t('dataCenter.failed')}
        description={answer.error instanceof Error ? answer.error.message : String(answer.error)}
        action={
          <Button size="small" onClick={() => void answer.refetch()}>
            {t('dataCenter.retry')}
          </Button>
        }
      />
    );
  else if (!data) body = <Skeleton active data-testid="stat-loading" />;
  else if (!data.rows.length) body = <Empty description={t('dataCenter.empty')} data-testid="stat-empty" />;
  else
    body = (
      <>
        {model && <StatChart model={model} />}
        <StatTable page={page} answer={data} filters={filters} loading={answer.isFetching} pager={pager} />
      </>
    );

  return (
    <Card
      className="page-card stat-page"
      data-testid={`stat-page-${page.name}`}
      title={
        <Typography.Title level={2} className="resource-title">
          {title}
        </Typography.Title>
      }
      extra={
        <Space wrap>
          {page.family && can(P.productionRecord.list) && (
            // The cups behind these figures; the records list narrows by date (it has no family filter).
            <Link
              to={`${PRODUCTION_RECORDS}?${new URLSearchParams({ producedAtFrom: filters.from, producedAtTo: filters.to }).toString()}`}
              data-testid="stat-log-records"
            >
              {t('dataCenter.logRecords')}
            </Link>
          )}
          {can(P.stats.export) && (
            <StatExportButton
              query={figures}
              disabled={waiting || !data?.rows.length || answer.isPlaceholderData}
            />
          )}
        </Space>
      }
    >
      <Space orientation="vertical" size={16} className="stat-body">
        <StatFiltersBar page={page} filters={filters} onChange={setFilters} />
        {body}
        {data && !waiting && <AsOf asOf={data.asOf} source={data.source} />}
      </Space>
    </Card>
  );
}

const components = new Map<string, ComponentType>();

/** The screen of one declared page, made once so React keeps its state. */
export function statPageComponent(name: string): ComponentType {
  let component = components.get(name);
  if (!component) {
    const page = statPage(name);
    if (!page) throw new Error(`no statistics page ${name}`);
    component = function StatsRoute() {
      return <StatsPage page={page} />;
    };
    components.set(name, component);
  }
  return component;
}

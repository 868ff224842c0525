import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import type { JobStatus } from '@brewfleet/contracts/platform-jobs';
import { configureClient } from '../../api/client';
import { initI18n } from '../../app/i18n';
import { permissionStore } from '../../app/stores/permission-store';
import { createFakeXhr, ok } from '../../test/fake-xhr';
import { renderPage } from '../../test/render-page';
import { formatDateTime } from '../../utils/format';
import JobsPage from './JobsPage';

const job = (over: Partial<JobStatus>): JobStatus => ({
  name: 'x',
  cron: null,
  timeZone: null,
  everySeconds: null,
  retryLimit: 2,
  runs: 0,
  failures: 0,
  lastStartedAt: null,
  lastFinishedAt: null,
  lastOutcome: null,
  lastError: null,
  lastFailedAt: null,
  nextRunAt: null,
  ...over,
});

const JOBS: JobStatus[] = [
  job({
    name: 'fleet.command-delivery',
    everySeconds: 1,
    retryLimit: 0,
    runs: 5400,
    lastStartedAt: '2026-11-23T09:00:00.000Z',
    lastFinishedAt: '2026-11-23T09:00:00.020Z',
    lastOutcome: 'succeeded',
    nextRunAt: '2026-11-23T09:00:01.000Z',
  }),
  job({
    name: 'reports.nightly',
    cron: '0 3 * * *',
    timeZone: 'Asia/Taipei',
    runs: 4,
    failures: 2,
    lastStartedAt: '2026-11-22T19:00:00.000Z',
    lastOutcome: 'failed',
    lastError: 'connection refused',
    lastFailedAt: '2026-11-22T19:00:05.000Z',
    nextRunAt: '2026-11-23T19:00:00.000Z',
  }),
  job({ name: 'maintenance.rebuild' }),
];

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  permissionStore.getState().reset();
});

describe('background jobs page', () => {
  it('shows each job’s schedule, last run and outcome, next run, failures and last error; runs one now', async () => {
    const fake = createFakeXhr((req) =>
      req.url.includes('/run') ? ok({ name: 'reports.nightly', queued: true }) : ok({ list: JOBS, total: 3 }),
    );
    configureClient({ createXhr: fake.createXhr, getToken: () => 't' });
    permissionStore.getState().setPermissions([P.platformJob.list, P.platformJob.run]);
    renderPage(<JobsPage />);

    const table = await screen.findByTestId('jobs-table');
    await within(table).findByText('reports.nightly');
    const row = (name: string) => table.querySelector(`[data-job="${name}"]`) as HTMLElement;

    const delivery = within(row('fleet.command-delivery'));
    expect(delivery.getByText('Every 1 s')).toBeTruthy();
    expect(delivery.getByText('Succeeded')).toBeTruthy();
    expect(delivery.getByText('5400')).toBeTruthy();
    expect(delivery.getByText(formatDateTime('2026-11-23T09:00:01.000Z'))).toBeTruthy();

    const nightly = within(row('reports.nightly'));
    expect(nightly.getByText('0 3 * * * (Asia/Taipei)')).toBeTruthy();
    expect(nightly.getByText('Failed')).toBeTruthy();
    expect(nightly.getByTestId('failures').textContent).toBe('2');
    expect(nightly.getByText(/connection refused/)).toBeTruthy();
    expect(nightly.getByText(formatDateTime('2026-11-23T19:00:00.000Z'))).toBeTruthy();

    const never = within(row('maintenance.rebuild'));
    expect(never.getByText('When asked')).toBeTruthy();
    expect(never.getByText('Never run')).toBeTruthy();

    fireEvent.click(screen.getByTestId('run-reports.nightly'));
    await waitFor(() => expect(fake.sent.some((r) => r.url.includes('/coffee/platform-job/run'))).toBe(true));
    const sent = fake.sent.find((r) => r.url.includes('/coffee/platform-job/run'))!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toMatchObject({ name: 'reports.nightly' });
    expect(await screen.findByText('The job will run in a moment.')).toBeTruthy();
  }, 20_000);

  it('offers no run now without the run code', async () => {
    configureClient({
      createXhr: createFakeXhr(() => ok({ list: JOBS, total: 3 })).createXhr,
      getToken: () => 't',
    });
    permissionStore.getState().setPermissions([P.platformJob.list]);
    renderPage(<JobsPage />);
    await within(await screen.findByTestId('jobs-table')).findByText('reports.nightly');
    expect(screen.queryByTestId('run-reports.nightly')).toBeNull();
  }, 20_000);
});

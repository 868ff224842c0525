/**
 * The data center's two calls: a page's figures (`POST /api/coffee/data-center/query`) and the same
 * figures as a file (`…/export`). The client adds the reader's time zone, in which the days are read.
 */
import type { StatAnswer, StatQuery } from '@brewfleet/contracts/data-center';
import { download, request, type DownloadedFile } from '../../api/client';
import type { FileFormat } from '../../api/resource-api';

export const dataCenterKeys = {
  all: ['data-center'] as const,
  query: (query: StatQuery) => ['data-center', 'query', query] as const,
};

/** Quiet: the page shows the server's message where the figures would be, not in a toast. */
export const fetchStats = (query: StatQuery) =>
  request<StatAnswer>({ method: 'POST', url: '/coffee/data-center/query', data: query, quiet: true });

export const exportStats = (query: StatQuery, format: FileFormat): Promise<DownloadedFile> =>
  download(
    { method: 'POST', url: '/coffee/data-center/export', data: { ...query, format } },
    `${query.page}-${query.from}-${query.to}.${format}`,
  );

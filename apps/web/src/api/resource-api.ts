/** The six generic endpoints of CONTRACT §3 plus export/import, for any resource name. */
import type { Page } from '@brewfleet/contracts/envelope';
import type { SelectOption } from '@brewfleet/contracts/resource';
import type { ImportPhase, ImportProgress } from '@brewfleet/contracts/answers/platform';
import { download, http, request, type DownloadedFile } from './client';
import type { ImportResult, Row } from './types';

export type ListBody = { page: number; limit: number; sort?: string } & Record<string, unknown>;
export type FileFormat = 'xlsx' | 'csv';
/** What a picker's options may be narrowed to (`GET …/select`). */
export interface SelectNarrowing {
  merchantId?: string;
  family?: string;
  /** A search picker's typed text: the rows whose label starts with it (ResourceDef.picker). */
  keyword?: string;
}

const base = (name: string) => `/coffee/${name}`;

export const resourceApi = {
  list: (name: string, body: ListBody) => http.post<Page<Row>>(`${base(name)}/list`, body),
  get: (name: string, id: string) => http.get<Row>(`${base(name)}/${encodeURIComponent(id)}`),
  create: (name: string, body: Record<string, unknown>) => http.post<Row>(base(name), body),
  update: (name: string, body: Record<string, unknown> & { id: string }) => http.put<Row>(base(name), body),
  remove: (name: string, ids: string[]) => http.delete<{ deleted: number }>(base(name), { ids }),
  /** One secret field in clear (needs the resource's reveal code; the server logs it). */
  reveal: (name: string, id: string, field: string) =>
    http.post<{ value: string | null }>(`${base(name)}/reveal`, { id, field }),
  /**
   * Picker options; `merchantId` narrows a tenant resource to one merchant's rows, `family` one with a
   * machine family to that family's rows and those of none.
   */
  select: (name: string, narrow: SelectNarrowing = {}) =>
    http.get<SelectOption[]>(
      `${base(name)}/select`,
      Object.fromEntries(Object.entries(narrow).filter(([, v]) => v)) as Record<string, string>,
    ),
  exportFile: (name: string, format: FileFormat, filters: Record<string, unknown>): Promise<DownloadedFile> =>
    download(
      { method: 'POST', url: `${base(name)}/export`, data: { ...filters, format } },
      `${name}.${format}`,
    ),
  template: (name: string, format: FileFormat): Promise<DownloadedFile> =>
    download(
      { method: 'GET', url: `${base(name)}/import-template`, params: { format } },
      `${name}-template.${format}`,
    ),
  importFile: (
    name: string,
    file: File,
    dryRun: boolean,
    onProgress?: (percent: number) => void,
    progressKey?: string,
  ) => {
    const form = new FormData();
    form.append('file', file);
    // Row errors are shown in the dialog's table, so the client must not toast them as well.
    return request<ImportResult>({
      method: 'POST',
      url: `${base(name)}/import`,
      params: { dryRun, progressKey },
      data: form,
      onUploadProgress: onProgress,
      quiet: true,
    });
  },
};

export type { ImportPhase, ImportProgress };

/** The server's progress of an import sent with `progressKey` (404 until it has started: quiet). */
export const fetchImportProgress = (key: string) =>
  request<ImportProgress>({
    method: 'GET',
    url: `/coffee/import-progress/${encodeURIComponent(key)}`,
    quiet: true,
  });

/** Hands a downloaded file to the browser. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** The upload service (README "Merchants, stores and who sees what"): images and videos by id. */
import type { UploadedMedia } from '@brewfleet/contracts/answers/platform';
import { request } from './client';

export type { UploadedMedia };

/** Sends one file (multipart field `file`); 413 and 415 come back as ApiErrors with the server's text. */
export function uploadMedia(file: File, onProgress?: (percent: number) => void): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file);
  return request<UploadedMedia>({
    method: 'POST',
    url: '/coffee/upload',
    data: form,
    onUploadProgress: onProgress,
  });
}

/** Where an `<img>` reads an upload: the server accepts the `token` cookie for this GET. */
export const mediaUrl = (id: string) => `/api/coffee/upload/${encodeURIComponent(id)}`;

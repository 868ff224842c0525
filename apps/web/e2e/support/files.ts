/** Small files the specs upload. */
import fs from 'node:fs';
import type { Download } from '@playwright/test';

/** An 8×8 PNG (a real image: the server decodes and re-encodes uploads). */
export const TINY_PNG = {
  name: 'photo.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4kWKEFTEMLQkAVkZXgTy9n4kAAAAASUVORK5CYII=',
    'base64',
  ),
};

export function csvFile(name: string, rows: string[][]) {
  const text = rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n');
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${text}\r\n`, 'utf8') };
}

export async function downloadText(download: Download): Promise<string> {
  const file = await download.path();
  return fs.readFileSync(file, 'utf8');
}

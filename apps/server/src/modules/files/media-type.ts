/**
 * What an upload really is, from its first bytes (never from its name or the browser's claim):
 * JPEG, PNG or MP4. The limits are the spec's (§5): images 10 MB, video 50 MB.
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** Images are decoded only up to this many pixels (a small file can declare a huge canvas). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Stored images fit in this square; larger ones are scaled down. */
export const IMAGE_MAX_SIDE = 4096;

export type Media =
  | { kind: 'image'; mime: 'image/jpeg' | 'image/png'; ext: 'jpg' | 'png' }
  | { kind: 'video'; mime: 'video/mp4'; ext: 'mp4' };

const MP4_BRANDS = [
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'dash',
  'M4V ',
  'MSNV',
  'f4v ',
];

export function sniffMedia(head: Buffer): Media | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (
    head.length >= 12 &&
    head.toString('latin1', 4, 8) === 'ftyp' &&
    MP4_BRANDS.includes(head.toString('latin1', 8, 12))
  )
    return { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
  return null;
}

/** Upload limits of spec §5/§9: images JPG or PNG up to 10 MB, videos MP4 up to 50 MB. */
export const MB = 1024 * 1024;
export const IMAGE_MAX_MB = 10;
export const VIDEO_MAX_MB = 50;

export type UploadProblem = { key: string; size?: number } | null;

interface FileLike {
  name: string;
  type: string;
  size: number;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const IMAGE_EXT = /\.(jpe?g|png)$/i;

export function checkImage(file: FileLike, maxMb = IMAGE_MAX_MB): UploadProblem {
  // Some systems report an empty type; the extension decides then.
  const typeOk = file.type ? IMAGE_TYPES.includes(file.type) : IMAGE_EXT.test(file.name);
  if (!typeOk || !IMAGE_EXT.test(file.name)) return { key: 'validation.imageType' };
  if (file.size > maxMb * MB) return { key: 'validation.imageSize', size: maxMb };
  return null;
}

export function checkVideo(file: FileLike, maxMb = VIDEO_MAX_MB): UploadProblem {
  const typeOk = file.type ? file.type === 'video/mp4' : true;
  if (!typeOk || !/\.mp4$/i.test(file.name)) return { key: 'validation.videoType' };
  if (file.size > maxMb * MB) return { key: 'validation.videoSize', size: maxMb };
  return null;
}

export function isImportFile(file: Pick<FileLike, 'name'>): boolean {
  return /\.(csv|xlsx)$/i.test(file.name);
}

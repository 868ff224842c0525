import { describe, expect, it } from 'vitest';
import { resetKeepingRules } from './form-reset';
import { checkImage, checkVideo, isImportFile, MB } from './upload-rules';

describe('upload rules', () => {
  it('accept JPG and PNG images up to 10 MB', () => {
    expect(checkImage({ name: 'a.jpg', type: 'image/jpeg', size: 10 * MB })).toBeNull();
    expect(checkImage({ name: 'a.PNG', type: 'image/png', size: 1 })).toBeNull();
    expect(checkImage({ name: 'a.gif', type: 'image/gif', size: 1 })).toEqual({
      key: 'validation.imageType',
    });
    expect(checkImage({ name: 'a.png', type: 'image/png', size: 10 * MB + 1 })).toEqual({
      key: 'validation.imageSize',
      size: 10,
    });
  });

  it('accept MP4 videos up to 50 MB', () => {
    expect(checkVideo({ name: 'ad.mp4', type: 'video/mp4', size: 50 * MB })).toBeNull();
    expect(checkVideo({ name: 'ad.mov', type: 'video/quicktime', size: 1 })).toEqual({
      key: 'validation.videoType',
    });
    expect(checkVideo({ name: 'ad.mp4', type: 'video/mp4', size: 50 * MB + 1 })).toEqual({
      key: 'validation.videoSize',
      size: 50,
    });
  });

  it('import only CSV and xlsx', () => {
    expect(isImportFile({ name: 'roles.csv' })).toBe(true);
    expect(isImportFile({ name: 'roles.XLSX' })).toBe(true);
    expect(isImportFile({ name: 'roles.xls' })).toBe(false);
  });
});

describe('form reset', () => {
  it('restores the data and keeps the rules', () => {
    const initial = { name: '', tags: [] as string[], rules: { name: ['required'] } };
    const current = { name: 'changed', tags: ['x'], rules: { name: ['required', 'max:10'] } };
    const reset = resetKeepingRules(current, initial);
    expect(reset).toEqual({ name: '', tags: [], rules: { name: ['required', 'max:10'] } });
    expect(reset.tags).not.toBe(initial.tags);
  });
});

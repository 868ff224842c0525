/** Every measure, dimension, quality label, business kind, family and cleaning kind is worded in each language. */
import { describe, expect, it } from 'vitest';
import {
  MERCHANT_KINDS,
  QUALITY_LABELS,
  STAT_DIMENSIONS,
  STAT_MEASURES,
  STAT_PAGES,
} from '@brewfleet/contracts/data-center';
import { MACHINE_FAMILIES } from '@brewfleet/contracts/device-protocol';
import { CLEANING_KINDS } from '@brewfleet/contracts/enums';
import { en } from '../../locales/en';
import { tw } from '../../locales/tw';
import { zh } from '../../locales/zh';

type Tree = { [key: string]: string | Tree };
const at = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

const keys = [
  ...Object.keys(STAT_MEASURES).map((m) => `dataCenter.measures.${m}`),
  ...STAT_DIMENSIONS.map((d) => `dataCenter.dimensions.${d}`),
  ...QUALITY_LABELS.map((l) => `dataCenter.quality.${l}`),
  ...MERCHANT_KINDS.map((k) => `dataCenter.merchantKinds.${k}`),
  ...MACHINE_FAMILIES.map((f) => `resources.device.values.family.${f}`),
  ...CLEANING_KINDS.map((k) => `resources.cleaning-record.values.kind.${k}`),
];

describe('data center texts', () => {
  it.each([
    ['en', en],
    ['zh', zh],
    ['tw', tw],
  ])('%s words every measure, dimension and label', (_lang, tree) => {
    const missing = keys.filter((key) => typeof at(tree as unknown as Tree, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('the pages declare only measures and dimensions that have words', () => {
    for (const page of STAT_PAGES) {
      for (const m of page.measures)
        if (m !== 'qualityMix') expect(STAT_MEASURES, page.name).toHaveProperty(m);
      for (const by of page.by) expect(STAT_DIMENSIONS, page.name).toContain(by);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../../app/i18n';
import { cupsText, cupUnit } from '../../utils/units';
import { isBarrel, levelText } from './channel-units';

const milk = { material: 'fresh milk', levelG: 7200, capacityG: 12_000 };
const beans = { material: 'coffee beans', levelG: 900, capacityG: 2000 };

describe('the spec units: cups for drinks, barrels for bulk liquids', () => {
  it('tells bulk liquids from what sits in a hopper', () => {
    for (const m of ['water', 'fresh milk', 'mango syrup', 'strawberry purée', 'yoghurt', '鮮奶', '芒果糖漿'])
      expect(isBarrel(m), m).toBe(true);
    for (const m of ['coffee beans', 'milk powder', 'oolong leaves', 'chocolate powder', '奶粉', null])
      expect(isBarrel(m), String(m)).toBe(false);
  });

  it('says a barrel channel in barrels and grams, a hopper in grams, and drinks in cups, in each language', async () => {
    const i18n = await initI18n('en');
    const t = i18n.t.bind(i18n);
    expect(levelText(t, milk)).toBe('0.6 barrel · 7,200 / 12,000 g');
    expect(levelText(t, beans)).toBe('900 / 2,000 g');
    expect(cupsText(t, 12)).toBe('12 cups');
    expect(cupsText(t, 1)).toBe('1 cup');
    for (const lang of ['zh', 'tw'] as const) {
      await setLanguage(lang);
      expect(levelText(t, milk)).toBe('0.6 桶 · 7,200 / 12,000 克');
      expect(levelText(t, beans)).toBe('900 / 2,000 克');
      expect(cupsText(t, 12)).toBe('12 杯');
      expect(cupUnit(t, 1)).toBe('杯');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { materialResource } from '@brewfleet/contracts/resources/catalog';
import { productResource } from '@brewfleet/contracts/resources/product';
import { deviceTypeResource } from '@brewfleet/contracts/resources/device-type';
import { localizedFieldOf, shownValue } from './localized-name';

const beans = {
  name: 'Coffee beans',
  names: { en: 'Coffee beans', zh: '咖啡豆', tw: '咖啡豆（烘焙）' },
  unit: 'g',
};

describe('names in the viewer’s language', () => {
  it('show a catalog name in the console’s language', () => {
    expect(shownValue(materialResource, beans, 'name', 'zh')).toBe('咖啡豆');
    expect(shownValue(materialResource, beans, 'name', 'tw')).toBe('咖啡豆（烘焙）');
    expect(shownValue(materialResource, beans, 'name', 'en')).toBe('Coffee beans');
  });

  it('fall back to the default name for a language without its own, or a row without names', () => {
    const milk = { name: 'Fresh milk', names: { tw: '鮮奶' } };
    expect(shownValue(productResource, milk, 'name', 'tw')).toBe('鮮奶');
    expect(shownValue(productResource, milk, 'name', 'zh')).toBe('Fresh milk');
    expect(shownValue(productResource, { name: 'Latte', names: null }, 'name', 'tw')).toBe('Latte');
    expect(shownValue(productResource, { name: 'Latte', names: { tw: '' } }, 'name', 'tw')).toBe('Latte');
  });

  it('leave other columns, and resources without names, as they are', () => {
    expect(shownValue(materialResource, beans, 'unit', 'tw')).toBe('g');
    expect(localizedFieldOf(deviceTypeResource, 'name')).toBe('names');
    expect(localizedFieldOf(materialResource, 'code')).toBeUndefined();
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuProduct } from '@brewfleet/contracts/menu-protocol';
import { initI18n } from '../../app/i18n';
import { appStore } from '../../app/stores/app-store';
import MenuContentView from './MenuContentView';

const product: MenuProduct = {
  code: 'PMT',
  name: 'Pearl milk tea',
  names: { en: 'Pearl milk tea', zh: '珍珠奶茶', tw: '珍珠奶茶（大杯）' },
  kind: 'tea',
  family: 'tea',
  price: '4.50',
  recipeVersion: 1,
  recipe: { steps: [{ action: 'steep', params: { waterMl: 300 } }] },
  options: [
    {
      id: '1',
      type: 'Ice',
      typeNames: { tw: '冰量' },
      name: 'Less ice',
      names: { zh: '少冰', tw: '少冰' },
      priceChange: '0.00',
      amountFactor: 1,
      isDefault: true,
    },
  ],
  toppings: [{ name: 'Pearls', names: { tw: '珍珠' }, price: '0.50', charged: true }],
};

afterEach(() => {
  cleanup();
  appStore.setState({ language: 'tw' });
});

describe('a menu’s names', () => {
  it('read in the console’s language: product, option and topping', () => {
    appStore.setState({ language: 'tw' });
    render(<MenuContentView products={[product]} />);
    expect(screen.getByText('珍珠奶茶（大杯）')).toBeInTheDocument();
    expect(screen.getByText(/冰量: 少冰/)).toBeInTheDocument();
    expect(screen.getByText(/珍珠 \(/)).toBeInTheDocument();
  });

  it('name the recipe steps’ actions in the console’s language', async () => {
    await initI18n('zh');
    appStore.setState({ language: 'zh' });
    const mocha: MenuProduct = {
      ...product,
      code: 'MOC',
      family: 'coffee',
      kind: 'drink',
      recipe: {
        steps: [
          { action: 'brew', channel: 1, params: { powderG: 18 } },
          { action: 'chocolate', channel: 3, params: { powderG: 20 } },
          { action: 'milk', channel: 2, params: { milkMl: 160 } },
        ],
      },
    };
    const smoothie: MenuProduct = {
      ...product,
      code: 'ICE',
      family: 'ice-sand',
      kind: 'drink',
      recipe: {
        steps: [
          { action: 'base', channel: 1, params: { baseMl: 200 } },
          { action: 'syrup', channel: 2, params: { syrupMl: 35 } },
          { action: 'blend', params: { blendS: 30 } },
        ],
      },
    };
    render(<MenuContentView products={[mocha, smoothie]} />);
    for (const line of [
      '萃取 #1: 粉量 18 g',
      '加巧克力 #3: 粉量 20 g',
      '加奶 #2: 牛奶 160 ml',
      '加基底 #1: 基底 200 ml',
      '加糖浆 #2: 糖浆 35 ml',
      '搅拌: 搅拌时间 30 s',
    ])
      expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.queryByText(/^(brew|chocolate|milk|base|syrup|blend)\b/)).toBeNull();
  });

  it('fall back to the default name where a language has none', () => {
    appStore.setState({ language: 'en' });
    render(<MenuContentView products={[product]} />);
    expect(screen.getByText('Pearl milk tea')).toBeInTheDocument();
    expect(screen.getByText(/Ice: Less ice/)).toBeInTheDocument();
    expect(screen.getByText(/Pearls \(/)).toBeInTheDocument();
  });
});

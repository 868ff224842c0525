import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuProduct } from '@brewfleet/contracts/menu-protocol';
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

  it('fall back to the default name where a language has none', () => {
    appStore.setState({ language: 'en' });
    render(<MenuContentView products={[product]} />);
    expect(screen.getByText('Pearl milk tea')).toBeInTheDocument();
    expect(screen.getByText(/Ice: Less ice/)).toBeInTheDocument();
    expect(screen.getByText(/Pearls \(/)).toBeInTheDocument();
  });
});

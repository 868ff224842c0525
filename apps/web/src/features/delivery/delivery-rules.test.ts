import { describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { DELIVERY_SYNC_STATES } from '@brewfleet/contracts/resources/delivery';
import { allowedFixedRoute, FIXED_ROUTES } from '../../app/routing/fixed-routes';
import { offers } from '../../resources/field-meta';
import { storeMenuLines, storeProductsQuery, takeoutQuery } from './store-menu';
import { canSync, syncColor } from './sync-state';
import { TAKEOUT_LIST_DEF } from './TakeoutProductListPage';
import { takeoutAddPath, takeoutEditPath } from './takeout-routes';

describe('delivery rules', () => {
  it('colors every sync state, a failure in red, and an unknown one plainly', () => {
    for (const state of DELIVERY_SYNC_STATES) expect(syncColor(state), state).toBeTruthy();
    expect(syncColor('failed')).toBe('#a8071a');
    expect(syncColor('synced')).toBe('#237804');
    expect(new Set(DELIVERY_SYNC_STATES.map(syncColor)).size, 'each state its own colour').toBe(4);
    expect(syncColor('later-state')).toBe('#595959');
  });

  it('offers sync only on a bound store', () => {
    expect(canSync({ binding: 'bound' })).toBe(true);
    expect(canSync({ binding: 'unbound' })).toBe(false);
    expect(canSync({})).toBe(false);
  });

  it('opens the takeout add and edit routes, each with its own code', () => {
    expect(takeoutAddPath()).toBe('/produce-takeout-addProduce');
    expect(takeoutEditPath('12 3')).toBe('/produce-takeout-editProduce?id=12%203');
    expect(allowedFixedRoute('produce-takeout-addProduce', [P.takeoutProduct.create])).toBe(
      FIXED_ROUTES['produce-takeout-addProduce'],
    );
    expect(allowedFixedRoute('produce-takeout-addProduce', [P.takeoutProduct.update])).toBeNull();
    expect(allowedFixedRoute('produce-takeout-editProduce', [P.takeoutProduct.update])).not.toBeNull();
  });

  it('leaves the takeout list no drawer, but keeps its import and export', () => {
    expect(TAKEOUT_LIST_DEF.permissions.create).toBeUndefined();
    expect(TAKEOUT_LIST_DEF.permissions.update).toBeUndefined();
    expect(TAKEOUT_LIST_DEF.permissions.import).toBe(P.takeoutProduct.import);
    expect(TAKEOUT_LIST_DEF.permissions.export).toBe(P.takeoutProduct.export);
    expect(offers(TAKEOUT_LIST_DEF, 'create')).toBe(true);
  });

  it("lists a store's menu as the server builds it: what the store sells that is takeout, in the store's order", () => {
    expect(takeoutQuery('3')).toMatchObject({ merchantId: '3', enabled: true });
    expect(storeProductsQuery('70')).toMatchObject({ storeId: '70', available: true, sort: 'sortOrder' });
    const lines = storeMenuLines(
      [
        { id: 's1', productId: '20', price: '4.20', sortOrder: 2, available: true },
        { id: 's2', productId: '10', price: null, sortOrder: 1, available: true },
        { id: 's3', productId: '30', price: null, sortOrder: 0, available: true },
        { id: 's4', productId: '40', price: '3.00', sortOrder: 0, available: true },
        { id: 's5', productId: '50', price: null, sortOrder: 0, available: false },
      ],
      [
        { id: '1', productId: '10', deliveryPrice: '55.00', enabled: true },
        { id: '2', productId: '20', deliveryPrice: null, enabled: true },
        { id: '3', productId: '30', deliveryPrice: '70.00', enabled: false },
        { id: '4', productId: '40', deliveryPrice: null, enabled: true },
        { id: '5', productId: '50', deliveryPrice: '9.00', enabled: true },
      ],
      [
        { value: '10', label: 'Latte' },
        { value: '20', label: 'Mocha' },
      ],
    );
    expect(lines.map((l) => [l.product, l.price, l.priceFrom])).toEqual([
      ['40', '3.00', 'store'],
      ['Latte', '55.00', 'delivery'],
      ['Mocha', '4.20', 'store'],
    ]);
    expect(
      storeMenuLines([{ id: 's', productId: '9', price: null }], [{ id: 't', productId: '9' }], []),
    ).toEqual([{ id: 's', product: '9', price: null, priceFrom: 'product' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { MENU_SEED } from '@brewfleet/contracts/menu-seed';
import { P } from '@brewfleet/contracts/permissions';
import { allowedFixedRoute, FIXED_ROUTES } from './fixed-routes';
import { routeNameFromUrl } from './menu-routes';
import { PAGES } from './page-registry';
import { routeMeta } from './route-meta';
import { readArrival } from './use-arrival-params';

describe('fixed routes', () => {
  it('open only with their permission code', () => {
    expect(allowedFixedRoute('device-detail', [P.device.list])).toBe(FIXED_ROUTES['device-detail']);
    expect(allowedFixedRoute('device-detail', [])).toBeNull();
    expect(allowedFixedRoute('device-detailautomatic', [P.device.create])).toBeNull();
    expect(allowedFixedRoute('toString', [P.device.list])).toBeNull();
  });

  it('are tabs titled from the locales for a user who may open them', () => {
    expect(routeMeta('/device-detailautomatic', [], [P.device.list])).toEqual({
      path: '/device-detailautomatic',
      name: 'device-detailautomatic',
      title: { key: 'fixedRoutes.deviceDetailAutomatic' },
      noCache: undefined,
    });
    expect(routeMeta('/device-detail', [], [])).toBeNull();
  });

  it('leave no machine menu page without a screen', () => {
    const machinePages = MENU_SEED.filter(
      (n) => n.type === 1 && /^1[35]\d\d$/.test(n.id) && n.url && !n.url.startsWith('http'),
    );
    expect(machinePages.length).toBeGreaterThanOrEqual(10);
    for (const node of machinePages) expect(PAGES, node.url).toHaveProperty(routeNameFromUrl(node.url));
  });
});

describe('arrival parameters', () => {
  it('count only an address that carries one of the names', () => {
    expect(readArrival('?id=7', ['id'])).toEqual({ id: '7' });
    expect(readArrival('?merchantId=3', ['merchantId', 'condition'])).toEqual({
      merchantId: '3',
      condition: undefined,
    });
    expect(readArrival('', ['id'])).toBeNull();
    expect(readArrival('?id=', ['id'])).toBeNull();
  });
});

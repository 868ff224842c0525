import { describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { allowedFixedRoute, FIXED_ROUTES } from './fixed-routes';
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

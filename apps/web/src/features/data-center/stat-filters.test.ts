/** The address of a statistics page and its filters, both ways, and the query sent for them. */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { STAT_PAGES, statPage, statQuery } from '@brewfleet/contracts/data-center';
import { filtersFrom, filtersSearch, lacksRequired, linkTo, statQueryOf } from './stat-filters';

const TODAY = dayjs('2026-11-24T10:00:00');
const page = (name: string) => statPage(name)!;
const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('statistics filters in the address', () => {
  it('default to the first dimension and the last 7 days, today included', () => {
    const filters = filtersFrom(page('business'), {}, TODAY);
    expect(filters).toMatchObject({ by: 'day', from: '2026-11-18', to: '2026-11-24' });
    expect(filtersSearch(page('business'), filters)).toBe('from=2026-11-18&to=2026-11-24');
  });

  it('come back the same from the address they write, on every page', () => {
    for (const p of STAT_PAGES) {
      const filters = {
        by: p.by[p.by.length - 1],
        from: '2026-10-01',
        to: '2026-10-31',
        merchantId: '3',
        storeId: '4',
        deviceId: '5',
        family: p.family ?? ('coffee' as const),
        productCode: 'LATTE-1',
        merchantKind: 'distributor' as const,
      };
      const search = filtersSearch(p, filters);
      expect(filtersFrom(p, params(search), TODAY), p.name).toEqual(filters);
      // A page about one family never writes it: the page says it.
      expect(params(search).family, p.name).toBe(p.family ? undefined : 'coffee');
    }
  });

  it('ignore what a page does not offer or what is malformed', () => {
    const filters = filtersFrom(
      page('device'),
      {
        by: 'quality',
        from: '2026-13-01',
        to: 'x',
        deviceId: '7; drop',
        family: 'kettle',
        merchantKind: 'bank',
      },
      TODAY,
    );
    expect(filters).toEqual({
      by: 'device',
      from: '2026-11-18',
      to: '2026-11-24',
      merchantId: undefined,
      storeId: undefined,
      deviceId: undefined,
      family: undefined,
      productCode: undefined,
      merchantKind: undefined,
    });
    // A range backwards is no range.
    expect(filtersFrom(page('device'), { from: '2026-11-20', to: '2026-11-01' }, TODAY).from).toBe(
      '2026-11-18',
    );
    // A family page keeps its family whatever the address says.
    expect(filtersFrom(page('blend'), { family: 'coffee' }, TODAY).family).toBe('blender');
  });

  it('make a query the contract accepts, with the page family and only the filters set', () => {
    for (const p of STAT_PAGES) {
      const query = statQueryOf(p, filtersFrom(p, { storeId: '4', productCode: 'LATTE' }, TODAY));
      expect(statQuery.safeParse(query).success, p.name).toBe(true);
      expect(query).toEqual({
        page: p.name,
        by: p.by[0],
        from: '2026-11-18',
        to: '2026-11-24',
        storeId: '4',
        productCode: 'LATTE',
        ...(p.family ? { family: p.family } : {}),
      });
    }
  });

  it('say when a detail page lacks its product or machine', () => {
    expect(lacksRequired(page('single-product'), filtersFrom(page('single-product'), {}, TODAY))).toBe(true);
    expect(
      lacksRequired(page('single-product'), filtersFrom(page('single-product'), { productCode: 'A' }, TODAY)),
    ).toBe(false);
    expect(
      lacksRequired(page('machine-data'), filtersFrom(page('machine-data'), { deviceId: '7' }, TODAY)),
    ).toBe(false);
    expect(lacksRequired(page('business'), filtersFrom(page('business'), {}, TODAY))).toBe(false);
  });

  it('carry the range and filters (and the family of a family page) to the page a row opens', () => {
    const coffee = page('coffee');
    const filters = filtersFrom(
      coffee,
      { from: '2026-11-01', to: '2026-11-02', storeId: '4', by: 'product' },
      TODAY,
    );
    expect(linkTo('single-product-detail', coffee, filters, { productCode: 'LATTE' })).toBe(
      '/single-product-detail?from=2026-11-01&to=2026-11-02&storeId=4&family=coffee&productCode=LATTE',
    );
  });
});

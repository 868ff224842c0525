/** The dashboards' data mapping: tiles' figures and the charts' options from a server answer. */
import { describe, expect, it } from 'vitest';
import { dashboardAnswer, type DashboardAnswer } from '@brewfleet/contracts/dashboard-api';
import {
  badCupRate,
  barOption,
  change,
  familyItems,
  formatPercent,
  lineOption,
  machineItems,
  mapBounds,
  pieOption,
  revenueLines,
  storeItems,
  storesMapOption,
} from './layout-model';
import { displayTokenOf } from './display-mode';

const ANSWER: DashboardAnswer = dashboardAnswer.parse({
  board: 'operation',
  scope: { merchantName: 'Alpha', storeName: null, linkName: 'Lobby' },
  boards: ['operation', 'dataShow'],
  timeZone: 'Asia/Kathmandu',
  today: '2026-11-24',
  generatedAt: '2026-11-24T01:00:00.000Z',
  asOf: '2026-11-24T00:59:30.000Z',
  machines: { all: 10, online: 7, offline: 3, alarm: 1, locked: 0, shortage: 2, maintenance: 4 },
  cups: { today: 150, lastWeek: 120, badToday: 3, reportedToday: 160 },
  revenue: {
    today: { NPR: '4500.50', USD: '12.00' },
    lastWeek: { NPR: '5000.00', EUR: '3.00' },
    ordersToday: 42,
    ordersLastWeek: 44,
  },
  stores: [
    { id: '1', name: 'Kathmandu Durbar', latitude: 27.7, longitude: 85.3, machines: 4, online: 3, cups: 90 },
    { id: '2', name: 'Pokhara Lakeside', latitude: 28.2, longitude: 83.95, machines: 3, online: 3, cups: 40 },
    { id: '3', name: 'Warehouse', latitude: null, longitude: null, machines: 3, online: 1, cups: 20 },
  ],
  families: [
    // As the server answers them: the family's key as its label.
    { key: 'coffee', label: 'coffee', value: 120 },
    { key: 'tea', label: 'tea', value: 30 },
  ],
  products: [
    { key: 'LAT', label: 'Latte', value: 80 },
    { key: 'AME', label: 'Americano', value: 50 },
    { key: 'MAT', label: 'Matcha', value: 20 },
  ],
  devices: [],
  merchantKinds: [],
  trend: [
    { key: '2026-11-18', label: '2026-11-18', value: 100 },
    { key: '2026-11-24', label: '2026-11-24', value: 150 },
  ],
});

describe('the dashboards’ figures', () => {
  it('compare today with last week, and say nothing when last week had nothing', () => {
    expect(change(150, 120)).toBeCloseTo(0.25);
    expect(change(5, 0)).toBeNull();
    expect(formatPercent(0.25)).toBe('+25%');
    expect(formatPercent(-0.1)).toBe('-10%');
    expect(formatPercent(null)).toBe('—');
    expect(badCupRate(ANSWER.cups)).toBeCloseTo(3 / 160);
    expect(badCupRate({ ...ANSWER.cups, reportedToday: 0 })).toBeNull();
  });

  it('keep revenue per currency, never summed, a currency of one week only included', () => {
    expect(revenueLines(ANSWER.revenue)).toEqual([
      { currency: 'NPR', today: 4500.5, lastWeek: 5000, change: (4500.5 - 5000) / 5000 },
      { currency: 'USD', today: 12, lastWeek: 0, change: null },
      { currency: 'EUR', today: 0, lastWeek: 3, change: -1 },
    ]);
  });

  it('show every machine state, zero included', () => {
    const items = machineItems(ANSWER.machines, (s) => s.toUpperCase());
    expect(items.map((i) => [i.key, i.label, i.value])).toEqual([
      ['online', 'ONLINE', 7],
      ['offline', 'OFFLINE', 3],
      ['alarm', 'ALARM', 1],
      ['locked', 'LOCKED', 0],
      ['shortage', 'SHORTAGE', 2],
      ['maintenance', 'MAINTENANCE', 4],
    ]);
  });

  it('draw the family pie, the products as bars (largest on top), the days as a line', () => {
    expect(pieOption(ANSWER.families).series[0].data).toEqual([
      { name: 'coffee', value: 120 },
      { name: 'tea', value: 30 },
    ]);
    // Named in the reader's language by key, never by the answer's key-as-label.
    const named = familyItems(ANSWER.families, (f) => ({ coffee: '咖啡機', tea: '萃茶機' })[f] ?? f);
    expect(pieOption(named).series[0].data).toEqual([
      { name: '咖啡機', value: 120 },
      { name: '萃茶機', value: 30 },
    ]);
    const bars = barOption(ANSWER.products);
    // A horizontal category axis draws from the bottom: reversed, the largest shows on top.
    expect(bars.yAxis).toMatchObject({ type: 'category', data: ['Matcha', 'Americano', 'Latte'] });
    expect(bars.series[0].data).toEqual([20, 50, 80]);
    // States read top-down in their order, one colour each: online the palette's first.
    const states = barOption(
      machineItems(ANSWER.machines, (s) => s),
      'states',
    );
    expect(states.yAxis.data).toEqual(['maintenance', 'shortage', 'locked', 'alarm', 'offline', 'online']);
    const stateBars = states.series[0].data as Array<{ value: number; itemStyle: { color: string } }>;
    expect(stateBars.map((b) => b.value)).toEqual([4, 2, 0, 1, 3, 7]);
    expect(new Set(stateBars.map((b) => b.itemStyle.color)).size).toBe(6);
    expect(stateBars.at(-1)!.itemStyle.color).toBe(states.color[0]);
    const line = lineOption(ANSWER.trend);
    expect(line.xAxis.data).toEqual(['11-18', '11-24']);
    expect(line.series[0].data).toEqual([100, 150]);
  });

  it('put the stores with a place on the map, framed around them, and the others in the bars', () => {
    const option = storesMapOption(ANSWER.stores, 'land', (s) => s.name);
    expect(option.series[0].data).toEqual([
      { name: 'Kathmandu Durbar', value: [85.3, 27.7, 90] },
      { name: 'Pokhara Lakeside', value: [83.95, 28.2, 40] },
    ]);
    const [[west, north], [east, south]] = mapBounds(ANSWER.stores);
    expect(west).toBeLessThan(83.95);
    expect(east).toBeGreaterThan(85.3);
    expect(north).toBeGreaterThan(28.2);
    expect(south).toBeLessThan(27.7);
    expect(east - west).toBeGreaterThanOrEqual(4);
    expect(storeItems(ANSWER.stores).map((i) => [i.label, i.value])).toEqual([
      ['Kathmandu Durbar', 90],
      ['Pokhara Lakeside', 40],
      ['Warehouse', 20],
    ]);
  });
});

describe('display mode', () => {
  const token = `dl_${'a'.repeat(43)}`;
  it('is the two dashboards with a display token only', () => {
    expect(displayTokenOf('/operation', `?display=${token}`)).toBe(token);
    expect(displayTokenOf('/dataShow', `?display=${token}`)).toBe(token);
    expect(displayTokenOf('/operation', '')).toBeNull();
    expect(displayTokenOf('/operation', '?display=nope')).toBeNull();
    expect(displayTokenOf('/device-list', `?display=${token}`)).toBeNull();
  });
});

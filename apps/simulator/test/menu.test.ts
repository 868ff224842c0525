/**
 * A machine and its menu (docs/device-protocol.md §4.4): it checks every product against its family
 * and its own ranges, takes the menu whole or rejects it with a reason per product, makes only the
 * menu's orderable products, and — given a state directory — still runs it after a restart, where a
 * repeated command is answered with its remembered outcome.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { statusMessage, topicFor, type MenuContent } from '@brewfleet/contracts';
import { checkMenu, productOfMenu } from '../src/menu.ts';
import { SimulatedMachine } from '../src/machine.ts';
import { MOSQUITTO, observer, serial } from './helpers/broker.ts';

type MenuProduct = MenuContent['products'][number];
const product = (overrides: Partial<MenuProduct> = {}): MenuProduct => ({
  code: 'ESP',
  name: 'Espresso',
  kind: 'drink',
  family: 'coffee',
  price: '2.80',
  recipeVersion: 1,
  recipe: {
    steps: [
      { action: 'grind', channel: 1, params: { powderG: 18 } },
      { action: 'brew', params: { waterMl: 40, temperatureC: 93 } },
      { action: 'milk', channel: 4, params: { milkMl: 120 } },
    ],
  },
  options: [
    { id: '11', type: 'Size', name: 'Large', priceChange: '0.50', amountFactor: 1.3, isDefault: false },
  ],
  toppings: [],
  ...overrides,
});
const menu = (products: MenuProduct[], version = '2026-11-22.1') => ({
  version,
  menu: { version, name: 'Autumn', products },
});

describe('checkMenu', () => {
  it('accepts a menu of the machine’s family within its ranges, combinations and snacks included', () => {
    const verdict = checkMenu(
      'coffee',
      menu([
        product({
          options: [{ ...product().options[0], multiple: false, required: true }],
          combos: [{ optionIds: ['11'], amountFactor: 1.3, priceChange: '0.50' }],
          orderable: true,
          showSnacks: true,
          snacks: [{ id: '7', name: 'Croissant', price: '2.00' }],
        }),
        // A product of an older release, without the later fields.
        product({ code: 'LUN', name: 'Lungo' }),
      ]),
    );
    expect(verdict.ok).toBe(true);
    if (verdict.ok) {
      expect(verdict.menu.products[0].combos).toEqual([
        { optionIds: ['11'], amountFactor: 1.3, priceChange: '0.50' },
      ]);
      // Whether the option's type takes one choice or several, and must be chosen.
      expect(verdict.menu.products[0].options[0]).toMatchObject({ multiple: false, required: true });
    }
  });

  it('rejects a combination that scales an amount past what the machine can do; other parameters stay', () => {
    // 18 g × 1.5 is 27 g of powder, over 25 g; the temperature is not scaled (93 °C × 1.5 would be).
    const verdict = checkMenu(
      'coffee',
      menu([product({ combos: [{ optionIds: ['11'], amountFactor: 1.5, priceChange: '0.50' }] })]),
    );
    expect(verdict).toEqual({
      ok: false,
      reason: 'menu 2026-11-22.1 rejected: 1 problem(s)',
      details: [
        { productCode: 'ESP', message: 'Combination Large (× 1.5), step 1: powderG 27 is outside 5–25 g' },
      ],
    });
  });

  it('rejects the whole menu with one detail per problem product', () => {
    const verdict = checkMenu(
      'coffee',
      menu([
        product(),
        product({ code: 'OOLONG', family: 'tea' }),
        product({
          code: 'HOT',
          recipe: { steps: [{ action: 'brew', params: { powderG: 18, temperatureC: 98 } }] },
        }),
      ]),
    );
    expect(verdict).toEqual({
      ok: false,
      reason: 'menu 2026-11-22.1 rejected: 2 problem(s)',
      details: [
        { productCode: 'OOLONG', message: 'a tea product on a coffee machine' },
        { productCode: 'HOT', message: 'Step 1: temperatureC 98 is outside 80–96 °C' },
      ],
    });
  });

  it('rejects a malformed menu and an empty one', () => {
    expect(checkMenu('coffee', { version: 'x' })).toMatchObject({ ok: false, reason: 'malformed menu' });
    expect(checkMenu('coffee', menu([]))).toMatchObject({
      ok: false,
      details: [{ message: 'the menu has no product' }],
    });
  });
});

describe('productOfMenu', () => {
  it('makes the menu product: its code, what each channel step doses, and its tea segments', () => {
    expect(productOfMenu(product())).toEqual({
      code: 'ESP',
      recipe: [
        { channel: 1, grams: 18 },
        { channel: 4, grams: 120 },
      ],
    });
    const tea = productOfMenu(
      product({
        code: 'OOLONG',
        family: 'tea',
        recipe: {
          steps: [{ action: 'steep', channel: 2, params: { leavesG: 6, waterMl: 300 } }],
          segments: [
            { out: true, rangeS: 30, amountG: 3 },
            { out: true, rangeS: 40, amountG: 3 },
            { out: false, rangeS: 0, amountG: 0 },
          ],
        },
      }),
    );
    expect(tea).toEqual({ code: 'OOLONG', recipe: [{ channel: 2, grams: 6 }], teaSegments: 2 });
    // A steep step that names only its water takes the leaves its segments dose, not the water.
    const jasmine = productOfMenu(
      product({
        code: 'JASMINE',
        family: 'tea',
        recipe: {
          steps: [{ action: 'steep', channel: 3, params: { waterMl: 350, temperatureC: 80 } }],
          segments: [
            { out: true, rangeS: 40, amountG: 4 },
            { out: true, rangeS: 55, amountG: 2 },
            { out: false, rangeS: 0, amountG: 0 },
          ],
        },
      }),
    );
    expect(jasmine.recipe).toEqual([{ channel: 3, grams: 6 }]);
  });
});

const started: SimulatedMachine[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((m) => m.stop().catch(() => {})));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function machine(sn: string, stateDir?: string) {
  const m = new SimulatedMachine({
    url: MOSQUITTO,
    serialNumber: sn,
    secret: 's',
    family: 'coffee',
    cupsPerMinute: 0,
    flushMs: 100,
    stateDir,
  });
  started.push(m);
  return m;
}

describe('a machine with a menu', () => {
  it('makes only the menu’s products that take orders', async () => {
    const sn = serial();
    const events = await observer(MOSQUITTO, topicFor(sn, 'events'));
    const acks = await observer(MOSQUITTO, topicFor(sn, 'ack'));
    const m = machine(sn);
    await m.start();
    const id = await acks.command(
      sn,
      'menu',
      menu([product({ code: 'MENU-ESP' }), product({ code: 'MENU-OFF', orderable: false })]),
    );
    await acks.waitFor((x) => x.body.commandId === id && x.body.stage === 'succeeded');
    for (let i = 0; i < 30; i++) m.makeCup();
    await events.waitFor((x) => x.body.events.some((e: any) => e.type === 'production'));
    const codes = new Set(
      events.messages.flatMap((x) =>
        x.body.events.filter((e: any) => e.type === 'production').map((e: any) => e.productCode),
      ),
    );
    expect([...codes]).toEqual(['MENU-ESP']);
    await Promise.all([events.client.endAsync(), acks.client.endAsync()]);
  });

  it('keeps its menu and the commands it answered across a restart when given a state directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-state-'));
    dirs.push(dir);
    const sn = serial();
    const watch = await observer(MOSQUITTO, `bf/v1/d/${sn}/+`);
    const first = machine(sn, dir);
    await first.start();
    const id = await watch.command(sn, 'menu', menu([product()], '2026-11-22.4'));
    await watch.waitFor((x) => x.body.commandId === id && x.body.stage === 'succeeded');
    await first.stop();
    expect(fs.readdirSync(dir)).toEqual([`${sn}.json`]);

    watch.messages.length = 0;
    const again = machine(sn, dir);
    expect(again.menu?.version).toBe('2026-11-22.4');
    await again.start();
    const status = await watch.waitFor((x) => x.topic.endsWith('/status') && x.body.online === true);
    expect(statusMessage.parse(status.body).menuVersion).toBe('2026-11-22.4');
    // The same command delivered again: answered with what it did, not run again.
    await watch.client.publishAsync(
      topicFor(sn, 'cmd'),
      JSON.stringify({
        v: 1,
        commandId: id,
        type: 'menu',
        issuedAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        params: menu([product({ code: 'OTHER' })], '2026-11-22.5'),
      }),
      { qos: 1 },
    );
    await watch.waitFor((x) => x.body.commandId === id && x.body.stage === 'succeeded');
    expect(again.executed).toEqual([]);
    expect(again.menu?.products.map((p) => p.code)).toEqual(['ESP']);

    // Without the directory, a restarted machine has no menu and says so.
    const forgetful = machine(serial());
    expect(forgetful.menu).toBeNull();
    expect(forgetful.status.menuVersion).toBeUndefined();
    await watch.client.endAsync();
  });
});

/**
 * Catalog names in the customer's language, through HTTP and MQTT: a product, material or device
 * type keeps its default `name` and a name per language (`names`: en, zh, tw); lists answer them,
 * spreadsheets carry them as name_en, name_zh and name_tw, and the menu a machine receives has them
 * beside each name — the simulated machine takes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedMachine } from '@brewfleet/simulator';
import { multipartFile } from './helpers/multipart.ts';
import { quietMachine, startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';

const PASSWORD = 'Names-Strong-Pass-8';
let f: FleetTest;
let token = '';
let storeId = '';
let machine: SimulatedMachine | null = null;

async function call(method: string, url: string, body: unknown, lang: 'en' | 'zh' | 'tw' = 'en') {
  return f.t.call(method as 'POST', url, { token, body, lang });
}
async function ok(method: string, url: string, body?: unknown) {
  const res = await call(method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const BEANS = { en: 'Coffee beans', zh: '咖啡豆', tw: '咖啡豆' };
const LATTE = { en: 'Latte', zh: '拿铁', tw: '拿鐵' };

beforeAll(async () => {
  f = await startFleetTest();
  const m = await f.t.call('POST', '/api/coffee/merchant', {
    token: f.admin,
    body: { name: 'Formosa', loginAccount: 'formosa', password: f.t.encrypt(PASSWORD) },
  });
  expect(m.statusCode, m.body).toBe(200);
  token = await f.t.login('formosa', PASSWORD);
  storeId = (await ok('POST', '/api/coffee/store', { name: 'Taipei', type: 'pick-up' })).id;
}, 30_000);
afterAll(async () => {
  await machine?.stop();
  await f.close();
});

describe('names per language', () => {
  it('round trip on create and update, list with the row, and clear when emptied', async () => {
    const beans = await ok('POST', '/api/coffee/material', { name: 'Coffee beans', names: BEANS, unit: 'g' });
    expect(beans.names).toEqual(BEANS);
    const listed = await ok('POST', '/api/coffee/material/list', { name: 'Coffee' });
    expect(listed.list.map((r: any) => [r.name, r.names])).toEqual([['Coffee beans', BEANS]]);
    // One language changed, one left empty: the empty one is dropped (it falls back to `name`).
    const edited = await ok('PUT', '/api/coffee/material', {
      id: beans.id,
      names: { en: 'Coffee beans', zh: '咖啡豆（烘焙）', tw: '' },
    });
    expect(edited.names).toEqual({ en: 'Coffee beans', zh: '咖啡豆（烘焙）' });
    const cleared = await ok('PUT', '/api/coffee/material', {
      id: beans.id,
      names: { en: '', zh: '', tw: '' },
    });
    expect(cleared.names).toBeNull();
    // A language the console does not speak is refused, in the request's language, and writes nothing.
    const bad = await call('PUT', '/api/coffee/material', { id: beans.id, names: { fr: 'Grains' } }, 'tw');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toMatch(/^names/);
    expect((await f.t.sql(`select names from material where id = $1`, [beans.id]))[0].names).toBeNull();

    const type = await f.t.call('POST', '/api/coffee/device-type', {
      token: f.admin,
      body: {
        name: 'Espresso',
        names: { zh: '意式咖啡机', tw: '義式咖啡機' },
        family: 'coffee',
        automation: 'automatic',
      },
    });
    expect(type.statusCode, type.body).toBe(200);
    expect(type.json().data.names).toEqual({ zh: '意式咖啡机', tw: '義式咖啡機' });
  });

  it('export and import as the columns name_en, name_zh, name_tw', async () => {
    await ok('POST', '/api/coffee/material', {
      name: 'Fresh milk',
      names: { en: 'Fresh milk', tw: '鮮奶' },
      unit: 'ml',
    });
    const csv = await call('POST', '/api/coffee/material/export', { format: 'csv', name: 'Fresh' });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    const columns = header.split(',');
    // The default name is headed by its label in the reader's language (English here), the others by column.
    expect(columns).toEqual(expect.arrayContaining(['Material name', 'name_en', 'name_zh', 'name_tw']));
    expect(columns).not.toContain('names');
    const cells = row.split(',');
    expect(cells[columns.indexOf('name_tw')]).toBe('鮮奶');
    expect(cells[columns.indexOf('name_zh')]).toBe('');

    const template = await call('GET', '/api/coffee/material/import-template?format=csv', undefined);
    expect(template.body.replace('\uFEFF', '').trim().split(',')).toEqual(
      expect.arrayContaining(['name_en', 'name_zh', 'name_tw']),
    );
    const file = 'name,name_en,name_zh,name_tw,unit\r\nOolong,Oolong tea leaves,乌龙茶叶,烏龍茶葉,g\r\n';
    const { payload, contentType } = multipartFile(Buffer.from(file), 'materials.csv', 'text/csv');
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/coffee/material/import',
      headers: { token, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [oolong] = (await ok('POST', '/api/coffee/material/list', { name: 'Oolong' })).list;
    expect(oolong.names).toEqual({ en: 'Oolong tea leaves', zh: '乌龙茶叶', tw: '烏龍茶葉' });
  });

  it('ride in the menu a machine receives, beside each name, and the simulated machine takes it', async () => {
    const beans = await ok('POST', '/api/coffee/material', { name: 'Beans', names: BEANS, unit: 'g' });
    const size = await ok('POST', '/api/coffee/option-type', { name: 'Size', names: { tw: '杯型' } });
    const large = await ok('POST', '/api/coffee/option', {
      name: 'Large',
      names: { zh: '大杯', tw: '大杯' },
      optionTypeId: size.id,
      amountFactor: 1.2,
    });
    const latte = await ok('POST', '/api/coffee/product', {
      name: 'Latte',
      names: LATTE,
      code: 'LATTE',
      family: 'coffee',
      price: '3.50',
      recipe: {
        steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 93 } }],
      },
      materials: [{ materialId: beans.id, amount: 18 }],
      optionTypeIds: [size.id],
    });
    expect(latte.names).toEqual(LATTE);
    await ok('POST', '/api/coffee/store-product', { storeId, productId: latte.id });
    const registered = await f.register({
      merchantId: (await ok('GET', `/api/coffee/store/${storeId}`)).merchantId,
      storeId,
    });
    machine = quietMachine(f.url, registered);
    await machine.start();
    const release = await ok('POST', '/api/coffee/menu-release', { name: 'Names', storeId });
    await ok('POST', '/api/coffee/menu-release/push', { id: release.id });
    const [command] = await f.t.sql(
      `select params from device_command where menu_release_id = $1 and device_id = $2`,
      [release.id, registered.id],
    );
    const sent = command.params.menu.products[0];
    expect([sent.name, sent.names]).toEqual(['Latte', LATTE]);
    expect(sent.options[0]).toMatchObject({
      type: 'Size',
      typeNames: { tw: '杯型' },
      name: 'Large',
      names: { zh: '大杯', tw: '大杯' },
    });
    await waitFor(() => machine!.menu?.version === release.version, 10_000, 'the machine took the menu');
    expect(machine!.menu!.products[0].names).toEqual(LATTE);
    expect(large.id).toBeTruthy();
  });
});

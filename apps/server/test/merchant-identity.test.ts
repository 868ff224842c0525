/**
 * What a merchant's and a store's users see of the merchants they belong to: the logo in the navbar
 * (`partnerIcon`), also for store users who cannot read the merchant's row, and the names of the
 * merchants above their own where their rows name them.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_STAFF_MENUS } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/multipart.ts';

const PASSWORD = 'Identity-Strong-Pass-7';
let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};
const ok = (res: { statusCode: number; body: string; json: () => any }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function upload(token: string) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#6f4e37' } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipartFile(png, 'logo.png', 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coffee/upload',
    headers: { token, 'content-type': contentType },
    payload,
  });
  return ok(res as any).id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminToken();
  const merchant = (body: Record<string, unknown>) =>
    t.call('POST', '/api/coffee/merchant', {
      token: admin,
      body: { password: t.encrypt(PASSWORD), ...body },
    });
  ids.brand = ok(await merchant({ name: 'Lantern Coffee', loginAccount: 'lantern' })).id;
  ids.region = ok(
    await merchant({ name: 'Lantern East', loginAccount: 'lantern-east', parentId: ids.brand }),
  ).id;
  const east = await t.login('lantern-east', PASSWORD);
  ids.store = ok(
    await t.call('POST', '/api/coffee/store', { token: east, body: { name: 'Dock Kiosk', type: 'pick-up' } }),
  ).id;
  const role = ok(
    await t.call('POST', '/api/coffee/role', {
      token: east,
      body: { roleName: 'store-staff', roleTitle: 'Store staff', menuIdList: [...STORE_STAFF_MENUS] },
    }),
  );
  ok(
    await t.call('POST', '/api/coffee/account', {
      token: east,
      body: {
        account: 'dock-staff',
        name: 'Dock staff',
        password: t.encrypt(PASSWORD),
        storeId: ids.store,
        roleIds: [role.id],
      },
    }),
  );
});
afterAll(() => t.close());

describe('the merchant logo', () => {
  it('is the navbar icon of the merchant’s users and of its stores’ users, whoever uploaded it', async () => {
    const east = await t.login('lantern-east', PASSWORD);
    const staff = await t.login('dock-staff', PASSWORD);
    const info = async (token: string) => ok(await t.call('GET', '/api/auth/getUserInfo', { token }));
    expect((await info(east)).partnerIcon).toBeNull();

    // The platform uploads the logo and sets it on the merchant.
    const logo = await upload(admin);
    ok(await t.call('PUT', '/api/coffee/merchant', { token: admin, body: { id: ids.region, logo } }));
    for (const token of [east, staff]) {
      const { partnerIcon } = await info(token);
      expect(partnerIcon).toBe(`/api/auth/partner-icon?v=${logo}`);
      const image = await t.call('GET', partnerIcon, { token });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
    // The merchant's administrator sees it in its merchant list too (the logo became the merchant's).
    const own = ok(await t.call('GET', `/api/coffee/merchant/${ids.region}`, { token: east }));
    expect(own.logo).toBe(logo);
    expect((await t.call('GET', `/api/coffee/upload/${logo}`, { token: east })).statusCode).toBe(200);
    // The brand above has no logo: its users get none, and the icon address answers 404.
    const brand = await t.login('lantern', PASSWORD);
    expect((await info(brand)).partnerIcon).toBeNull();
    expect((await t.call('GET', '/api/auth/partner-icon', { token: brand })).statusCode).toBe(404);
  });

  it('is refused when it is not an image the user may see', async () => {
    const res = await t.call('PUT', '/api/coffee/merchant', {
      token: await t.login('lantern', PASSWORD),
      body: { id: ids.region, logo: '123456789' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('merchants outside the user’s scope that its rows name', () => {
  it('reads the superior of a sub-merchant as a name that cannot be chosen', async () => {
    const east = await t.login('lantern-east', PASSWORD);
    const options = ok(await t.call('GET', '/api/coffee/merchant/select', { token: east }));
    expect(options).toEqual([
      { value: ids.region, label: 'Lantern East' },
      { value: ids.brand, label: 'Lantern Coffee', disabled: true },
    ]);
    // Pickers narrowed by keyword or merchant answer only what may be chosen.
    expect(
      ok(await t.call('GET', '/api/coffee/merchant/select', { token: east, query: { keyword: 'Lantern' } })),
    ).toEqual([{ value: ids.region, label: 'Lantern East' }]);
    // And the superior still cannot be opened nor chosen.
    expect((await t.call('GET', `/api/coffee/merchant/${ids.brand}`, { token: east })).statusCode).toBe(404);
  });

  it('reads a store user’s own merchant by name', async () => {
    const staff = await t.login('dock-staff', PASSWORD);
    const options = ok(await t.call('GET', '/api/coffee/merchant/select', { token: staff }));
    expect(options.map((o: any) => o.label)).toEqual(['Lantern East', 'Lantern Coffee']);
    expect(options.every((o: any) => o.disabled)).toBe(true);
  });

  it('keeps a sub-merchant administrator from suspending its own merchant', async () => {
    const east = await t.login('lantern-east', PASSWORD);
    const res = await t.call('PUT', '/api/coffee/merchant', {
      token: east,
      body: { id: ids.region, status: 'suspended' },
    });
    expect(res.statusCode).toBe(403);
    expect(ok(await t.call('GET', `/api/coffee/merchant/${ids.region}`, { token: admin })).status).toBe(
      'normal',
    );
  });
});

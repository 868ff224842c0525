/**
 * A product's pictures (issue 6 §2 "images"): an ordered list of the merchant's own uploaded images,
 * the first being the cover; and the upgrade that turns the single image of earlier versions into
 * the first of the list.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/platform/db/client.ts';
import { migrate, readMigrations } from '../src/platform/db/migrate.ts';
import { createTestDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadFile } from './helpers/multipart.ts';

const PASSWORD = 'Images-Strong-Pass-3';
let t: TestApp;
let alpha: string;
let bravo: string;
/** Alpha's beans: a drink uses materials. */
let beans: string;

const upload = (token: string, content: Buffer, name: string, type: string) =>
  uploadFile(t.app, token, content, name, type);
const picture = async (token: string, colour: string) =>
  upload(
    token,
    await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .png()
      .toBuffer(),
    'cup.png',
    'image/png',
  );
const latte = (code: string, images: unknown) => ({
  name: `Latte ${code}`,
  code,
  kind: 'drink',
  family: 'coffee',
  price: '3.20',
  images,
  recipe: { steps: [{ action: 'brew', params: { powderG: 18, waterMl: 40 } }] },
  materials: [{ materialId: beans, amount: 18 }],
});

beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  const admin = await t.adminToken();
  for (const login of ['img-alpha', 'img-bravo']) {
    const res = await t.call('POST', '/api/coffee/merchant', {
      token: admin,
      body: { name: login, loginAccount: login, password: t.encrypt(PASSWORD) },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  alpha = await t.login('img-alpha', PASSWORD);
  bravo = await t.login('img-bravo', PASSWORD);
  const material = await t.call('POST', '/api/coffee/material', {
    token: alpha,
    body: { name: 'Beans', unit: 'g' },
  });
  expect(material.statusCode, material.body).toBe(200);
  beans = material.json().data.id;
});
afterAll(() => t.close());

describe('product images', () => {
  it('keeps several images in the order given, the cover first, and reorders them on edit', async () => {
    const [front, side, cup] = [
      await picture(alpha, '#6f4e37'),
      await picture(alpha, '#fff'),
      await picture(alpha, '#000'),
    ];
    const created = await t.call('POST', '/api/coffee/product', {
      token: alpha,
      body: latte('IMG-1', [front, side, cup]),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.images).toEqual([front, side, cup]);
    const edited = await t.call('PUT', '/api/coffee/product', {
      token: alpha,
      body: { id: created.json().data.id, images: [cup, front] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [listed] = (
      await t.call('POST', '/api/coffee/product/list', { token: alpha, body: { code: 'IMG-1' } })
    ).json().data.list;
    expect(listed.images).toEqual([cup, front]);
    // Without images a product has an empty list, not a missing one.
    const bare = await t.call('POST', '/api/coffee/product', {
      token: alpha,
      body: latte('IMG-0', undefined),
    });
    expect(bare.json().data.images).toEqual([]);
  });

  it('refuses another merchant’s image, a video, the same image twice and more than six, saving nothing', async () => {
    const theirs = await picture(bravo, '#f00');
    const mine = await picture(alpha, '#0f0');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(1024)]);
    const video = await upload(alpha, mp4, 'ad.mp4', 'video/mp4');
    const seven = await Promise.all(Array.from({ length: 7 }, (_, i) => picture(alpha, `#00${i}`)));
    const tries: Array<[unknown, string]> = [
      [[mine, theirs], 'Images: the referenced record does not exist'],
      [[video], 'Images: the referenced record does not exist'],
      [[mine, mine], 'The same image is listed twice'],
      [seven, 'images'],
    ];
    for (const [images, message] of tries) {
      const res = await t.call('POST', '/api/coffee/product', {
        token: alpha,
        body: latte('IMG-X', images),
        lang: 'en',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    const saved = await t.call('POST', '/api/coffee/product/list', { token: alpha, body: { code: 'IMG-X' } });
    expect(saved.json().data.total).toBe(0);
  });
});

describe('the upgrade to several images', () => {
  it('makes the single image of a product the first of its list', async () => {
    const { url, drop } = await createTestDatabase();
    const database = await openPostgres(url, 2);
    try {
      const files = readMigrations();
      const before = files.filter((f) => f.name < '0013');
      await migrate(database, before);
      await database.transactionRaw(async (exec) => {
        await exec(`with m as (insert into merchant (name) values ('Old') returning id)
                    insert into product (merchant_id, name, code, family, price, image)
                    select m.id, x.name, x.code, 'coffee', 1, x.image from m,
                      (values ('With', 'W', '4242'), ('Without', 'WO', null)) as x(name, code, image)`);
      });
      expect(await migrate(database, files)).toContain('0013_product_images.sql');
      const { rows } = await database.transactionRaw((exec) =>
        exec(`select code, images::text[] as images from product order by code`),
      );
      expect(rows).toEqual([
        { code: 'W', images: ['4242'] },
        { code: 'WO', images: [] },
      ]);
    } finally {
      await database.close();
      await drop();
    }
  });
});

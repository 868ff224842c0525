import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { multipartFile } from './helpers/multipart.ts';

let t: TestApp;
let admin: string;
let dataDir: string;
const PASSWORD = 'Upload-Strong-Pass-2';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'bf-uploads-'));
  t = await startTestApp({ dataDir });
  admin = await t.adminToken();
});
afterAll(() => t.close());

async function upload(content: Buffer, filename = 'photo.png', type = 'image/png', token = admin) {
  const { payload, contentType } = multipartFile(content, filename, type);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coffee/upload',
    headers: { token, 'content-type': contentType, cookie: 'language=en' },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}
const storedFiles = () =>
  fs.existsSync(path.join(dataDir, 'uploads'))
    ? fs
        .readdirSync(path.join(dataDir, 'uploads'), { recursive: true })
        .filter((f) => String(f).includes('.'))
    : [];

describe('uploads', () => {
  it('stores a PNG re-encoded under a server-made name and serves it with safe headers', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6f4e37' } })
      .png()
      .toBuffer();
    const { status, body } = await upload(png, '../../etc/passwd.png');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      width: 64,
      height: 48,
      url: `/api/coffee/upload/${body.data.id}`,
    });
    expect(storedFiles().every((f) => /^\d{4}-\d{2}\/[0-9a-f]{32}\.png$/.test(String(f)))).toBe(true);
    const res = await t.call('GET', body.data.url, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(64);
    // <img> tags send the cookie, not the header.
    const byCookie = await t.app.inject({
      method: 'GET',
      url: body.data.url,
      headers: { cookie: `token=${admin}` },
    });
    expect(byCookie.statusCode).toBe(200);
    expect((await t.call('GET', body.data.url)).statusCode).toBe(401);
  });

  it('scales large images down and strips their metadata', async () => {
    const jpeg = await sharp({ create: { width: 5000, height: 1000, channels: 3, background: '#fff' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .jpeg()
      .toBuffer();
    const { body } = await upload(jpeg, 'wide.jpg', 'image/jpeg');
    expect(body.data).toMatchObject({ mime: 'image/jpeg', width: 4096, height: 819 });
    const served = (await t.call('GET', body.data.url, { token: admin })).rawPayload;
    expect(served.includes(Buffer.from('secret-gps-owner'))).toBe(false);
  });

  it('refuses what is not JPG, PNG or MP4 by content (415), whatever the name, storing nothing', async () => {
    const before = storedFiles().length;
    const res = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'cute.png', 'image/png');
    expect(res.status).toBe(415);
    expect(res.body.msg).toBe('This file type is not supported');
    const gif = await upload(Buffer.from('GIF89a....'), 'x.jpg', 'image/jpeg');
    expect(gif.status).toBe(415);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses images over 10 MB, decompression bombs and videos over 50 MB (413)', async () => {
    const before = storedFiles().length;
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload(big, 'big.jpg', 'image/jpeg');
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('The upload is too large');
    const bomb = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    expect((await upload(bomb, 'bomb.png')).status).toBe(413);
    const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
    const video = await upload(Buffer.concat([mp4Head, Buffer.alloc(1024)]), 'ad.mp4', 'video/mp4');
    expect(video.status).toBe(200);
    expect(video.body.data).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    const hugeVideo = await upload(
      Buffer.concat([mp4Head, Buffer.alloc(50 * 1024 * 1024)]),
      'long.mp4',
      'video/mp4',
    );
    expect(hugeVideo.status).toBe(413);
    expect(storedFiles().length).toBe(before + 1);
  });

  it('are referenced by id and visible only to their tenant', async () => {
    const merchantFor = async (login: string) => {
      await t.call('POST', '/api/coffee/merchant', {
        token: admin,
        body: { name: login, loginAccount: login, password: t.encrypt(PASSWORD) },
      });
      return t.login(login, PASSWORD);
    };
    const a = await merchantFor('upload-a');
    const b = await merchantFor('upload-b');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const mine = (await upload(png, 'license.png', 'image/png', a)).body.data;
    expect((await t.call('GET', mine.url, { token: b })).statusCode).toBe(404);
    const [{ id: merchantA }] = await t.sql(
      `select merchant_id::text as id from account where account = 'upload-a'`,
    );
    const ok = await t.call('PUT', '/api/coffee/merchant', {
      token: a,
      body: { id: merchantA, businessLicense: mine.id },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.businessLicense).toBe(mine.id);
    const [{ id: merchantB }] = await t.sql(
      `select merchant_id::text as id from account where account = 'upload-b'`,
    );
    const stolen = await t.call('PUT', '/api/coffee/merchant', {
      token: b,
      body: { id: merchantB, businessLicense: mine.id },
    });
    expect(stolen.statusCode).toBe(400);
  });
});

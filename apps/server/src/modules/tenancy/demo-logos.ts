/**
 * Demo logos (DEMO=1 on a new database): each demo merchant gets a small generated image — a cup
 * seen from above on the brand's colour — stored as an upload of its own and set as its logo, so the
 * navbar of its users shows it (partnerIcon).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';

const COLOURS = ['#6f4e37', '#2f6f4e', '#8a3b12', '#1f4e79', '#7a2e5c', '#5b5b1f'];
const SIZE = 128;

function logoSvg(colour: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <rect width="${SIZE}" height="${SIZE}" rx="24" fill="${colour}"/>
    <circle cx="64" cy="64" r="40" fill="#ffffff"/>
    <circle cx="64" cy="64" r="28" fill="${colour}" fill-opacity="0.75"/>
    <path d="M104 56 q14 8 0 16" stroke="#ffffff" stroke-width="8" fill="none"/>
  </svg>`);
}

export async function seedDemoLogos(database: Db, dataDir: string) {
  await inScope(database, SYSTEM, async (db) => {
    const merchants = await rows<{ id: string }>(
      db,
      sql`select id::text from merchant where logo is null order by created_at, id`,
    );
    for (const [i, m] of merchants.entries()) {
      const png = await sharp(logoSvg(COLOURS[i % COLOURS.length]))
        .png()
        .toBuffer();
      const relative = path.join('demo', `logo-${m.id}.png`);
      fs.mkdirSync(path.join(dataDir, 'uploads', 'demo'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads', relative), png, { mode: 0o640 });
      const [upload] = await rows<{ id: string }>(
        db,
        sql`insert into upload (merchant_id, kind, mime, size_bytes, width, height, original_name, path, sha256)
            values (${m.id}, 'image', 'image/png', ${png.length}, ${SIZE}, ${SIZE}, 'logo.png', ${relative},
                    ${crypto.createHash('sha256').update(png).digest('hex')})
            returning id::text`,
      );
      await db.execute(sql`update merchant set logo = ${upload.id} where id = ${m.id}`);
    }
  });
}

/**
 * Demo logos (DEMO=1 on a new database): each demo merchant gets a small generated image — a cup
 * seen from above on the brand's colour — stored as an upload of its own and set as its logo, so the
 * navbar of its users shows it (partnerIcon).
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import type { FilesService } from '../files/service.ts';

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

export async function seedDemoLogos(database: Db, files: FilesService) {
  await inScope(database, SYSTEM, async (db) => {
    const merchants = await rows<{ id: string }>(
      db,
      sql`select id::text from merchant where logo is null order by created_at, id`,
    );
    for (const [i, m] of merchants.entries()) {
      const png = await sharp(logoSvg(COLOURS[i % COLOURS.length]))
        .png()
        .toBuffer();
      const upload = await files.saveImage(db, {
        merchantId: m.id,
        folder: 'demo',
        fileName: `logo-${m.id}.png`,
        originalName: 'logo.png',
        mime: 'image/png',
        bytes: png,
        width: SIZE,
        height: SIZE,
      });
      await db.execute(sql`update merchant set logo = ${upload} where id = ${m.id}`);
    }
  });
}

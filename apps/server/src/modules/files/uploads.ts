/**
 * The upload service: images (JPG/PNG ≤ 10 MB) and videos (MP4 ≤ 50 MB), recognised by their
 * content, images re-encoded (EXIF stripped, pixel cap, at most IMAGE_MAX_SIDE), stored under
 * DATA_DIR/uploads with server-made names, served with safe headers, referenced by id and visible to
 * the uploader's tenant only. Too large → 413, wrong type → 415, and nothing is stored.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema } from '@brewfleet/contracts';
import { rows } from '../../platform/db/client.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import type { ModuleDeps } from '../deps.ts';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  VIDEO_MAX_BYTES,
  sniffMedia,
  type Media,
} from './media-type.ts';

interface UploadRow {
  id: string;
  kind: 'image' | 'video';
  mime: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  path: string;
}

async function reencode(
  input: Buffer,
  media: Media,
): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const image = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const out =
      media.mime === 'image/png'
        ? image.png({ compressionLevel: 9 })
        : image.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw new AppError(413, 'msg.tooLarge');
    throw new AppError(415, 'msg.unsupportedType');
  }
}

const toItem = (r: UploadRow) => ({
  id: r.id,
  kind: r.kind,
  mime: r.mime,
  size: r.size_bytes,
  width: r.width,
  height: r.height,
  url: `/api/coffee/upload/${r.id}`,
});

export function registerUploads(app: FastifyInstance, deps: ModuleDeps & { dataDir: string }) {
  const root = path.join(deps.dataDir, 'uploads');
  const tags = ['upload'];

  app.post(
    '/api/coffee/upload',
    {
      schema: { tags, consumes: ['multipart/form-data'] },
      config: { authOnly: true, action: 'upload.create' },
    },
    async (request) => {
      const file = await request.file({ limits: { fileSize: VIDEO_MAX_BYTES, files: 1 } });
      if (!file) throw badRequest('msg.unsupportedType');
      const buf = await file.toBuffer();
      const media = sniffMedia(buf.subarray(0, 16));
      if (!media) throw new AppError(415, 'msg.unsupportedType');
      if (media.kind === 'image' && buf.length > IMAGE_MAX_BYTES) throw new AppError(413, 'msg.tooLarge');
      const stored =
        media.kind === 'image' ? await reencode(buf, media) : { data: buf, width: null, height: null };

      const month = new Date().toISOString().slice(0, 7);
      const relative = path.join(month, `${crypto.randomBytes(16).toString('hex')}.${media.ext}`);
      const target = path.join(root, relative);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed, so a half-written file is never served.
      fs.writeFileSync(`${target}.part`, stored.data, { mode: 0o640 });
      fs.renameSync(`${target}.part`, target);
      try {
        const user = request.user!;
        const name = (file.filename ?? '').replace(/[^\p{L}\p{N}._ -]/gu, '').slice(0, 120);
        const [row] = await inRequestScope(deps.db, request, (tx) =>
          rows<UploadRow>(
            tx,
            sql`insert into upload (merchant_id, store_id, kind, mime, size_bytes, width, height, original_name, path, sha256, created_by)
                values (${user.merchantId}, ${user.storeId}, ${media.kind}, ${media.mime}, ${stored.data.length},
                        ${stored.width}, ${stored.height}, ${name}, ${relative},
                        ${crypto.createHash('sha256').update(stored.data).digest('hex')}, ${request.user!.userId})
                returning id::text as id, kind, mime, size_bytes, width, height, path`,
          ),
        );
        request.auditTarget = row.id;
        return toItem(row);
      } catch (error) {
        fs.rmSync(target, { force: true });
        throw error;
      }
    },
  );

  app.get(
    '/api/coffee/upload/:id',
    { schema: { params: z.object({ id: idSchema }), tags }, config: { authOnly: true, cookieAuth: true } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const [row] = await inRequestScope(deps.db, request, (tx) =>
        rows<UploadRow>(
          tx,
          sql`select id::text as id, kind, mime, size_bytes, width, height, path from upload where id = ${id}`,
        ),
      );
      if (!row) throw notFound();
      const file = path.join(root, row.path);
      if (!fs.existsSync(file)) throw notFound();
      return reply
        .header('content-type', row.mime)
        .header('content-length', row.size_bytes)
        .header(
          'content-disposition',
          `inline; filename="upload-${row.id}.${path.extname(row.path).slice(1)}"`,
        )
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(fs.createReadStream(file));
    },
  );
}

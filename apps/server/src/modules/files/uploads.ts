/**
 * The upload service: images (JPG/PNG ≤ 10 MB) and videos (MP4 ≤ 50 MB), recognised by their
 * content, images re-encoded (EXIF stripped, pixel cap, at most IMAGE_MAX_SIDE), stored under
 * DATA_DIR/uploads with server-made names, served with safe headers, referenced by id and visible to
 * the uploader's tenant only. Too large → 413, wrong type → 415, past the merchant's storage quota →
 * 413, and nothing is stored. Only users who may fill a form with an image field upload.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema, uploadedMediaAnswer } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { uploadCodes } from '../../platform/auth/code-sets.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer, fileAnswer } from '../../platform/http/answers.ts';
import type { ModuleDeps } from '../deps.ts';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  VIDEO_MAX_BYTES,
  sniffMedia,
  type Media,
} from './media-type.ts';

export interface UploadRow {
  id: string;
  kind: 'image' | 'video';
  mime: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  path: string;
}

/** Columns of an upload as it is served. */
export const UPLOAD_ROW = sql`id::text as id, kind, mime, size_bytes, width, height, path`;

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
    if (/pixel limit/i.test((error as Error).message)) throw new AppError('msg.tooLarge');
    throw new AppError('msg.unsupportedType');
  }
}

/**
 * Refuses (413) an upload that would take the merchant past its quota. Uploads of one merchant are
 * serialised by an advisory lock for the rest of the transaction, so two at once cannot both fit.
 */
async function checkQuota(tx: Db, merchantId: string, size: number, quota: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`upload-quota:${merchantId}`}, 0))`);
  const [{ used }] = await rows<{ used: string }>(
    tx,
    sql`select coalesce(sum(size_bytes), 0)::text as used from upload where merchant_id = ${merchantId}`,
  );
  if (Number(used) + size > quota)
    throw new AppError('msg.uploadQuota', { used: megabytes(Number(used)), quota: megabytes(quota) });
}
const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

const toItem = (r: UploadRow) => ({
  id: r.id,
  kind: r.kind,
  mime: r.mime,
  size: r.size_bytes,
  width: r.width,
  height: r.height,
  url: `/api/coffee/upload/${r.id}`,
});

const PARTNER_ICON_PATH = '/api/auth/partner-icon';
/** What the upload routes serve (media-type.ts sniffs these and nothing else). */
const MEDIA_TYPES = ['image/jpeg', 'image/png', 'video/mp4'];
/** `partnerIcon` of getUserInfo: where the navbar loads the logo of the user's merchant. */
export const partnerIconUrl = (logoId: string) => `${PARTNER_ICON_PATH}?v=${encodeURIComponent(logoId)}`;

/** Bytes of uploads kept per merchant (UPLOAD_QUOTA_MB); the platform's own uploads have none. */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 1024 * 1024 * 1024;

/**
 * Opens, in a request's transaction, uploads beyond the user's own subtree that the user may see:
 * the catalog opens a sub-merchant's ancestors, whose product images its inherited products show.
 */
export type UploadReader = (tx: Db, user: AuthUser) => Promise<void>;

export function registerUploads(
  app: FastifyInstance,
  deps: ModuleDeps & { dataDir: string; uploadQuotaBytes?: number | null },
  readers: readonly UploadReader[] = [],
) {
  const quota = deps.uploadQuotaBytes === undefined ? DEFAULT_UPLOAD_QUOTA_BYTES : deps.uploadQuotaBytes;
  const root = path.join(deps.dataDir, 'uploads');
  const tags = ['upload'];

  app.post(
    '/api/coffee/upload',
    {
      schema: { response: answer(uploadedMediaAnswer), tags, consumes: ['multipart/form-data'] },
      // Files are taken by the forms with image fields: their codes, not a mere sign-in.
      config: { anyPermission: uploadCodes(), action: 'upload.create' },
    },
    async (request) => {
      const file = await request.file({ limits: { fileSize: VIDEO_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError('msg.fileMissing');
      const buf = await file.toBuffer();
      const media = sniffMedia(buf.subarray(0, 16));
      if (!media) throw new AppError('msg.unsupportedType');
      if (media.kind === 'image' && buf.length > IMAGE_MAX_BYTES) throw new AppError('msg.tooLarge');
      const stored =
        media.kind === 'image' ? await reencode(buf, media) : { data: buf, width: null, height: null };

      const month = new Date().toISOString().slice(0, 7);
      const relative = path.join(month, `${crypto.randomBytes(16).toString('hex')}.${media.ext}`);
      const target = path.join(root, relative);
      const user = request.user!;
      const name = (file.filename ?? '').replace(/[^\p{L}\p{N}._ -]/gu, '').slice(0, 120);
      // The system scope: a merchant's quota counts the uploads of all its stores, which a store user
      // cannot see. The row is still the caller's own tenant's (its merchant and store, from the session).
      const row = await inScope(deps.db, SYSTEM, async (tx) => {
        if (user.merchantId && quota !== null)
          await checkQuota(tx, user.merchantId, stored.data.length, quota);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        // Written under a temporary name and renamed, so a half-written file is never served.
        fs.writeFileSync(`${target}.part`, stored.data, { mode: 0o640 });
        fs.renameSync(`${target}.part`, target);
        try {
          const [inserted] = await rows<UploadRow>(
            tx,
            sql`insert into upload (merchant_id, store_id, kind, mime, size_bytes, width, height, original_name, path, sha256, created_by)
                values (${user.merchantId}, ${user.storeId}, ${media.kind}, ${media.mime}, ${stored.data.length},
                        ${stored.width}, ${stored.height}, ${name}, ${relative},
                        ${crypto.createHash('sha256').update(stored.data).digest('hex')}, ${user.userId})
                returning id::text as id, kind, mime, size_bytes, width, height, path`,
          );
          return inserted;
        } catch (error) {
          fs.rmSync(target, { force: true });
          throw error;
        }
      });
      request.auditTarget = row.id;
      return toItem(row);
    },
  );

  app.get(
    '/api/coffee/upload/:id',
    {
      schema: { params: z.object({ id: idSchema }), response: fileAnswer('The file', MEDIA_TYPES), tags },
      config: { authOnly: true, cookieAuth: true },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const [row] = await inRequestScope(deps.db, request, async (tx) => {
        for (const open of readers) await open(tx, request.user!);
        return rows<UploadRow>(tx, sql`select ${UPLOAD_ROW} from upload where id = ${id}`);
      });
      return sendUpload(reply, root, row);
    },
  );

  // The logo of the user's merchant (a store user's too, who cannot read the merchant's uploads):
  // read in the system scope, and only this one image. `v` (the logo's id) changes with the logo.
  app.get(
    PARTNER_ICON_PATH,
    {
      schema: {
        querystring: z.object({ v: idSchema.optional() }),
        response: fileAnswer('The logo', MEDIA_TYPES),
        tags,
      },
      config: { authOnly: true, cookieAuth: true },
    },
    async (request, reply) => {
      const merchantId = request.user!.merchantId;
      if (!merchantId) throw new AppError('msg.notFound');
      const [row] = await inScope(deps.db, SYSTEM, (tx) =>
        rows<UploadRow>(
          tx,
          sql`select u.id::text as id, u.kind, u.mime, u.size_bytes, u.width, u.height, u.path
                from merchant m join upload u on u.id::text = m.logo and u.kind = 'image'
               where m.id = ${merchantId}`,
        ),
      );
      return sendUpload(reply, root, row);
    },
  );
}

/**
 * Send an upload's file inline, under a sandboxing CSP (nothing in it runs). `cache`: who
 * may keep it — `private` for what a user's scope opened, `public` for what anyone may see.
 */
export function sendUpload(
  reply: FastifyReply,
  root: string,
  row: UploadRow | undefined,
  cache: 'private' | 'public' = 'private',
) {
  if (!row) throw new AppError('msg.notFound');
  const file = path.join(root, row.path);
  if (!fs.existsSync(file)) throw new AppError('msg.notFound');
  return reply
    .header('content-type', row.mime)
    .header('content-length', row.size_bytes)
    .header('content-disposition', `inline; filename="upload-${row.id}.${path.extname(row.path).slice(1)}"`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', `${cache}, max-age=86400`)
    .send(fs.createReadStream(file));
}

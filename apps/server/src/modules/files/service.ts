/**
 * Files' service: what other modules may ask of uploads. Tenancy's demo stores its generated logos
 * through it; no other module names the `upload` table (test/table-ownership.test.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import type { FastifyReply } from 'fastify';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { sendUpload, UPLOAD_ROW, type UploadReader, type UploadRow } from './uploads.ts';

export function createFilesService(deps: { db: Db; dataDir: string }, readers: UploadReader[]) {
  return {
    /**
     * Send an upload to anyone, whoever's it is: for a caller that decided it is public (the ordering
     * app's banner images and logos, which customers see before and after signing in).
     */
    async sendPublic(reply: FastifyReply, id: string) {
      const [row] = await inScope(deps.db, SYSTEM, (tx) =>
        rows<UploadRow>(tx, sql`select ${UPLOAD_ROW} from upload where id = ${id}`),
      );
      return sendUpload(reply, path.join(deps.dataDir, 'uploads'), row, 'public');
    },
    /** Let users see more uploads than their subtree's (catalog: an inherited product's images). */
    readAlso(reader: UploadReader) {
      readers.push(reader);
    },
    /**
     * Keep an image made by the server (not uploaded by a user) as the merchant's upload, under
     * <DATA_DIR>/uploads/<folder>; returns its id, to be set on the row that shows it.
     */
    async saveImage(
      db: Db,
      image: {
        merchantId: string;
        folder: string;
        fileName: string;
        originalName: string;
        mime: string;
        bytes: Buffer;
        width: number;
        height: number;
      },
    ): Promise<string> {
      const relative = path.join(image.folder, image.fileName);
      fs.mkdirSync(path.join(deps.dataDir, 'uploads', image.folder), { recursive: true });
      fs.writeFileSync(path.join(deps.dataDir, 'uploads', relative), image.bytes, { mode: 0o640 });
      const [upload] = await rows<{ id: string }>(
        db,
        sql`insert into upload (merchant_id, kind, mime, size_bytes, width, height, original_name, path, sha256)
            values (${image.merchantId}, 'image', ${image.mime}, ${image.bytes.length}, ${image.width}, ${image.height},
                    ${image.originalName}, ${relative}, ${crypto.createHash('sha256').update(image.bytes).digest('hex')})
            returning id::text`,
      );
      return upload.id;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

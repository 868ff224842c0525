/**
 * Import progress in the database (import_progress), keyed by a uuid the client sends with the
 * import and polls with GET /api/coffee/import-progress/:key. Written outside the import's
 * transaction so that it is visible while the import runs, at most every PROGRESS_EVERY_MS.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { answer } from '../http/answers.ts';
import { importProgressAnswer } from '@brewfleet/contracts';

export type ImportPhase = 'reading' | 'checking' | 'writing' | 'done' | 'failed';
const PROGRESS_EVERY_MS = 250;

export function progressReporter(db: Db, key: string | undefined, accountId: string, resource: string) {
  let last = 0;
  const write = (phase: ImportPhase, done: number, total: number) =>
    key
      ? db.execute(sql`
          insert into import_progress (key, account_id, resource, phase, done, total)
          values (${key}, ${accountId}, ${resource}, ${phase}, ${done}, ${total})
          on conflict (key) do update set phase = excluded.phase, done = excluded.done, total = excluded.total,
                                          updated_at = now()
          where import_progress.account_id = excluded.account_id`)
      : Promise.resolve();
  return {
    /** Always written: a change of phase. */
    phase: (phase: ImportPhase, done: number, total: number) => write(phase, done, total),
    /** Written when the last write is old enough: a row counter. */
    async tick(phase: ImportPhase, done: number, total: number) {
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      await write(phase, done, total);
    },
  };
}

export function registerImportProgress(app: FastifyInstance, db: Db) {
  app.get(
    '/api/coffee/import-progress/:key',
    {
      schema: {
        params: z.object({ key: z.uuid() }),
        response: answer(importProgressAnswer),
        tags: ['import'],
      },
      config: { authOnly: true },
    },
    async (request) => {
      const { key } = request.params as { key: string };
      // Old entries go as new ones are read; nobody needs yesterday's progress.
      await db.execute(sql`delete from import_progress where updated_at < now() - interval '1 day'`);
      const [row] = await rows<{ resource: string; phase: ImportPhase; done: number; total: number }>(
        db,
        sql`select resource, phase, done, total from import_progress where key = ${key} and account_id = ${request.user!.userId}`,
      );
      if (!row) throw new AppError('msg.notFound');
      return row;
    },
  );
}

/**
 * The jobs screen's API (platform administrator only): the jobs with their last and next run and
 * failures, and "run now". Both need a code that only the platform's roles can hold; a tenant account
 * is refused even if a role were to carry it, since jobs work across every tenant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  P,
  jobListAnswerSchema,
  jobListRequestSchema,
  jobRunAnswerSchema,
  jobRunRequestSchema,
} from '@brewfleet/contracts';
import { AppError } from '../http/errors.ts';
import { answer } from '../http/answers.ts';
import type { JobRunner } from './types.ts';

const tags = ['platform-job'];

function platformOnly(request: FastifyRequest) {
  if (request.user?.partnerType !== 'platform') throw new AppError('msg.forbidden');
}

export function registerJobRoutes(app: FastifyInstance, jobs: JobRunner) {
  app.post(
    '/api/coffee/platform-job/list',
    {
      schema: { body: jobListRequestSchema, response: answer(jobListAnswerSchema), tags },
      config: { permission: P.platformJob.list, noAudit: true },
    },
    async (request) => {
      platformOnly(request);
      const { page, limit } = request.body as z.output<typeof jobListRequestSchema>;
      const all = await jobs.list();
      return { list: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
    },
  );

  app.post(
    '/api/coffee/platform-job/run',
    {
      schema: { body: jobRunRequestSchema, response: answer(jobRunAnswerSchema), tags },
      config: { permission: P.platformJob.run, action: 'platform-job.run' },
    },
    async (request) => {
      platformOnly(request);
      const { name } = request.body as z.infer<typeof jobRunRequestSchema>;
      request.auditTarget = name;
      if (!(await jobs.list()).some((j) => j.name === name)) throw new AppError('msg.jobNotFound');
      return { name, queued: await jobs.trigger(name) };
    },
  );
}

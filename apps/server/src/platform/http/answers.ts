/**
 * A route's `schema.response`: the answer schema (from @brewfleet/contracts) inside the success
 * envelope, since the plumbing wraps what a handler returns before it is serialized. The serializer
 * writes declared fields only, and /api/docs shows the answer.
 */
import { z } from 'zod';
import { successSchema } from '@brewfleet/contracts';

export const answer = <T extends z.ZodType>(data: T) => ({ 200: successSchema(data) });

/** The answer of a `bare` route (machines and brokers read it as it is): no envelope. */
export const bareAnswer = <T extends z.ZodType>(data: T) => ({ 200: data });

/** A file or stream answer: documented by its media types, written as it is (never serialized). */
export const fileAnswer = (description: string, mediaTypes: string[]) => ({
  200: {
    description,
    content: Object.fromEntries(
      mediaTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
    ),
  },
});

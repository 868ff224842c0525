/**
 * Compiled answer serializers for hot routes: the route's zod answer schema (the same one /api/docs
 * shows) is turned into JSON Schema once and compiled by fast-json-stringify, instead of zod
 * encoding the whole answer and JSON.stringify writing it again at every request (a list page is
 * 20 items of ~25 fields). Like zod's serializer it writes declared keys only and refuses an answer
 * that lacks a required key; unlike it, it does not re-check the type of every value. A schema that
 * has no JSON Schema form falls back to zod's serializer.
 *
 * A route opts in with `serializerCompiler: compiledSerializerCompiler`.
 */
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { createSerializerCompiler } from 'fastify-type-provider-zod';

type JsonSchema = Record<string, unknown>;
const zodSerializer = createSerializerCompiler();

/**
 * `anyOf: [T, {type: 'null'}]` (zod's nullable) as `type: [T, 'null']`: fast-json-stringify picks
 * an anyOf branch by validating the value at run time; a type list costs nothing.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, simplify(v)]));
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && typeof other?.type === 'string' && !other.anyOf && !other.oneOf) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema that fast-json-stringify compiles for a zod answer schema. */
export function answerJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  delete (json as JsonSchema).$schema;
  return simplify(json) as JsonSchema;
}

export function compiledSerializerCompiler(route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}): (data: unknown) => string {
  if (route.schema instanceof z.ZodType) {
    try {
      return fastJson(answerJsonSchema(route.schema) as unknown as Parameters<typeof fastJson>[0]);
    } catch {
      // Not expressible as JSON Schema (a transform, a custom check): zod's serializer.
    }
  }
  return zodSerializer(route as Parameters<typeof zodSerializer>[0]);
}

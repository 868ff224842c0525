/**
 * Products: codes unique per merchant ('This product code already exists'), a complete product
 * before it is saved ('Please complete the product information'), and a recipe within its machine
 * family's parameter ranges, each problem named with its step and limits. A changed recipe gets a
 * new recipe version, which menus carry to the machines.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  P,
  checkRecipe,
  codeRuleResource,
  idSchema,
  productMaterialsSchema,
  productResource,
  recipeCombosSchema,
  recipeSchema,
  type MachineFamily,
} from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import type { Row } from '../../platform/crud/types.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError, badRequest, type ErrorDetail } from '../../platform/http/errors.ts';
import type { ModuleDeps } from '../deps.ts';
import { ownerOf } from './owner.ts';
import { parameterRanges } from './parameters.ts';

/** Material lines and recipe combinations: their shape, and ids the merchant may use. */
async function checkLines(db: Db, product: Row) {
  const materials = productMaterialsSchema.safeParse(product.materials ?? []);
  const combos = recipeCombosSchema.safeParse(product.recipeCombos ?? []);
  for (const [field, parsed] of [
    ['materials', materials],
    ['recipeCombos', combos],
  ] as const)
    if (!parsed.success)
      throw badRequest('msg.invalidFormat', {}, [
        {
          field: `${field}.${parsed.error.issues[0]?.path.join('.')}`,
          message: parsed.error.issues[0]?.message ?? 'msg.invalidFormat',
        },
      ]);
  const materialIds = [...new Set(materials.data!.map((m) => m.materialId))];
  const optionIds = [...new Set(combos.data!.flatMap((c) => c.optionIds))];
  // Row-level security limits both lookups to what the caller may see.
  const [found] = await rows<{ materials: number; options: number }>(
    db,
    sql`select (select count(*)::int from material where id = any(${`{${materialIds.join(',')}}`}::bigint[])) as materials,
               (select count(*)::int from product_option where id = any(${`{${optionIds.join(',')}}`}::bigint[])) as options`,
  );
  if (found.materials !== materialIds.length || found.options !== optionIds.length)
    throw badRequest('msg.unknownMaterialOrOption', {}, [
      {
        field: found.materials !== materialIds.length ? 'materials' : 'recipeCombos',
        message: 'msg.unknownMaterialOrOption',
      },
    ]);
}

/** Refuse an incomplete product or a recipe out of range, with one detail per problem. */
async function validateProduct(db: Db, product: Row): Promise<void> {
  const missing: ErrorDetail[] = [];
  for (const field of ['name', 'code', 'family', 'price'])
    if (product[field] == null || product[field] === '') missing.push({ field, message: 'msg.required' });
  const makesSomething = product.kind !== 'snack';
  if (makesSomething && product.recipe == null)
    missing.push({ field: 'recipe', message: 'msg.productIncomplete' });
  if (missing.length) throw badRequest('msg.productIncomplete', {}, missing);
  await checkLines(db, product);
  if (product.recipe == null) return;
  const recipe = recipeSchema.safeParse(product.recipe);
  if (!recipe.success)
    throw badRequest('msg.productIncomplete', {}, [
      {
        field: `recipe.${recipe.error.issues[0]?.path.join('.')}`,
        message: recipe.error.issues[0]?.message ?? 'msg.invalidFormat',
      },
    ]);
  const family = product.family as MachineFamily;
  const issues = checkRecipe(family, recipe.data, await parameterRanges(db, family));
  if (issues.length)
    throw badRequest(
      issues[0].key as 'msg.recipeOutOfRange',
      issues[0].params,
      issues.map((i) => ({ field: i.path, message: i.key, params: i.params })),
    );
}

/** JSON with object keys sorted: jsonb does not keep the order a client sent. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, canonical((value as Row)[k])]),
        )
      : value;
const same = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));

export function registerProducts(app: FastifyInstance, deps: ModuleDeps) {
  registerResource(app, deps, productResource, {
    hooks: {
      async beforeCreate(input, ctx) {
        const values = { ...input, merchantId: ownerOf(input, ctx), recipeVersion: 1 };
        await validateProduct(ctx.db, values);
        return values;
      },
      async beforeUpdate(input, existing, ctx) {
        const merged = { ...existing, ...input };
        await validateProduct(ctx.db, merged);
        const recipeChanged =
          !same(merged.recipe, existing.recipe) || !same(merged.recipeCombos, existing.recipeCombos);
        return recipeChanged ? { ...input, recipeVersion: Number(existing.recipeVersion ?? 1) + 1 } : input;
      },
    },
  });

  const rules = registerResource(app, deps, codeRuleResource, {
    hooks: { beforeCreate: (input, ctx) => ({ ...input, merchantId: ownerOf(input, ctx) }) },
  });

  /**
   * The next product code of a rule: prefix + running number + suffix, skipping codes the merchant
   * already uses, and the rule moves past it (two people asking at once get different codes).
   */
  app.post(
    '/api/coffee/code-rule/next',
    {
      schema: { body: z.object({ id: idSchema }), tags: ['code-rule'] },
      config: { permission: P.product.create, action: 'code-rule.next' },
    },
    async (request) => {
      const { id } = request.body as { id: string };
      return inRequestScope(deps.db, request, async (tx) => {
        const [rule] = await rows<{
          merchant_id: string;
          prefix: string | null;
          suffix: string | null;
          digits: number;
          next_number: number;
        }>(
          tx,
          sql`select merchant_id::text, prefix, suffix, digits, next_number from code_rule
              where id = ${id} and ${visibleTo(rules.reg, request.user) ?? sql`true`} for update`,
        );
        if (!rule) throw new AppError(404, 'msg.notFound');
        const format = (n: number) =>
          `${rule.prefix ?? ''}${String(n).padStart(rule.digits, '0')}${rule.suffix ?? ''}`;
        let n = Number(rule.next_number);
        for (let tries = 0; ; tries++, n++) {
          const [taken] = await rows(
            tx,
            sql`select 1 from product where merchant_id = ${rule.merchant_id} and code = ${format(n)}`,
          );
          if (!taken) break;
          if (tries > 10_000) throw new AppError(409, 'msg.productCodeExists');
        }
        await tx.execute(
          sql`update code_rule set next_number = ${n + 1}, updated_at = now() where id = ${id}`,
        );
        return { code: format(n) };
      });
    },
  );
}

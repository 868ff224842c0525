/**
 * Products: codes unique along the merchant chain ('This product code already exists'), a complete
 * product before it is saved ('Please complete the product information'), a recipe within its
 * machine family's parameter ranges, also as each recipe combination scales it, each problem named
 * with its step and limits, and the console's rules on toppings. A changed recipe gets a new recipe
 * version, which menus carry to the machines.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  MACHINE_FAMILY_NAMES,
  P,
  checkCombos,
  checkProductParts,
  checkRecipe,
  codeRuleResource,
  idSchema,
  productMaterialsSchema,
  productResource,
  recipeCombosSchema,
  recipeSchema,
  type Localized,
  type MachineFamily,
  type ParameterRange,
  type RecipeIssue,
  nextCodeAnswer,
} from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import type { Row } from '../../platform/crud/types.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError, issueDetail, type ErrorDetail } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import type { ModuleDeps } from '../deps.ts';
import { inheritsCatalog, openInheritedCatalog } from './inherited.ts';
import { ownerOf } from './owner.ts';
import { parameterRanges } from './parameters.ts';
import { servesMerchant } from './sales.ts';
import { unscoped } from './unscoped.ts';

/**
 * What a product refers to, by the field that names it: each must be a row the product's merchant
 * may use (its own or an ancestor's, the rule of sales.ts), whoever saves the product — the platform
 * sees every merchant's rows, so what the caller sees is not enough.
 */
const OWNED_REFS = [
  ['productTypeId', 'product_type'],
  ['materialTypeId', 'material_type'],
  ['materials', 'material'],
  ['recipeCombos', 'product_option'],
  ['optionTypeIds', 'option_type'],
  ['freeSmallMaterialIds', 'small_material'],
  ['chargedSmallMaterialIds', 'small_material'],
  ['snackIds', 'snack'],
] as const;

/**
 * Material lines and recipe combinations: their shape; every material, option, topping, snack and
 * type the product names belongs to its merchant's reach; combinations choose among the options of
 * the product's own specifications. Answers the combinations and their options' names.
 */
async function checkLines(db: Db, product: Row) {
  const materials = productMaterialsSchema.safeParse(product.materials ?? [], { reportInput: true });
  const combos = recipeCombosSchema.safeParse(product.recipeCombos ?? [], { reportInput: true });
  for (const [field, parsed] of [
    ['materials', materials],
    ['recipeCombos', combos],
  ] as const)
    if (!parsed.success)
      throw new AppError('msg.invalidFormat', {}, [issueDetail(field, parsed.error.issues[0])]);
  const idsOf = (field: (typeof OWNED_REFS)[number][0]): string[] => {
    if (field === 'materials') return materials.data!.map((m) => m.materialId);
    if (field === 'recipeCombos') return combos.data!.flatMap((c) => c.optionIds);
    const value = product[field];
    return value == null ? [] : (Array.isArray(value) ? value : [value]).map(String);
  };
  const merchantId = product.merchantId == null ? null : String(product.merchantId);
  const optionTypes = new Map<string, { name: string; type: string }>();
  for (const [field, table] of OWNED_REFS) {
    const ids = [...new Set(idsOf(field))];
    if (!ids.length) continue;
    // Row-level security limits the lookup to what the caller may see; `ours` to what the
    // product's merchant may use.
    const found = await rows<{ id: string; name: string; ours: boolean; option_type_id: string | null }>(
      db,
      sql`select id::text, name, ${servesMerchant(sql`merchant_id`, merchantId)} as ours,
                 ${table === 'product_option' ? sql`option_type_id::text` : sql`null`} as option_type_id
          from ${sql.identifier(table)} where id = any(${`{${ids.join(',')}}`}::bigint[])`,
    );
    if (found.length !== ids.length)
      throw new AppError('msg.unknownMaterialOrOption', {}, [
        { field, message: 'msg.unknownMaterialOrOption' },
      ]);
    const foreign = found.find((f) => !f.ours);
    if (foreign)
      throw new AppError('msg.catalogItemOtherMerchant', { name: foreign.name }, [
        { field, message: 'msg.catalogItemOtherMerchant', params: { name: foreign.name } },
      ]);
    if (table === 'product_option')
      for (const f of found) optionTypes.set(f.id, { name: f.name, type: String(f.option_type_id) });
  }
  // A combination prices and doses a choice the customer can make: options of the product's types.
  const ownTypes = new Set(idsOf('optionTypeIds'));
  const stray = combos.data!.flatMap((c, i) =>
    c.optionIds
      .filter((id) => !ownTypes.has(optionTypes.get(id)!.type))
      .map((id) => ({ index: i + 1, name: optionTypes.get(id)!.name })),
  );
  if (stray.length)
    throw new AppError(
      'msg.comboOptionNotOfProduct',
      stray[0],
      stray.map((params) => ({
        field: `recipeCombos.${params.index - 1}.optionIds`,
        message: 'msg.comboOptionNotOfProduct',
        params,
      })),
    );
  return {
    combos: combos.data!,
    optionName: (id: string) => optionTypes.get(id)?.name,
  };
}

/**
 * A product code is unique along the merchant's chain, not only per merchant (the database's
 * constraint): a sub-merchant's machines get its parent's products too, and two products of one
 * code on a machine are one too many. Siblings never share a machine, so they may share codes. Run
 * it `unscoped`: a sub-merchant does not see its parent's products; it answers only whether the code
 * is taken in this chain.
 */
async function codeTakenInChain(
  tx: Db,
  merchantId: string,
  code: string,
  productId: string | null = null,
): Promise<boolean> {
  const found = await rows(
    tx,
    sql`with recursive up(id) as (
          select ${merchantId}::bigint
          union -- not union all: even a corrupted cycle ends
          select m.parent_id from merchant m join up on m.id = up.id where m.parent_id is not null
        )
        select 1 from product p
        where p.code = ${code} and p.id is distinct from ${productId}::bigint
          and (p.merchant_id in (select id from up) or p.merchant_id = any(merchant_subtree(${merchantId}::bigint)))
        limit 1`,
  );
  return found.length > 0;
}

async function refuseCodeTakenInChain(db: Db, product: Row): Promise<void> {
  const id = product.id == null ? null : String(product.id);
  if (await unscoped(db, (tx) => codeTakenInChain(tx, String(product.merchantId), String(product.code), id)))
    throw new AppError('msg.productCodeExists', {}, [{ field: 'code', message: 'msg.productCodeExists' }]);
}

/** Refuse an incomplete product or a recipe out of range, with one detail per problem. */
async function validateProduct(db: Db, product: Row): Promise<void> {
  const missing: ErrorDetail[] = [];
  for (const field of ['name', 'code', 'family', 'price'])
    if (product[field] == null || product[field] === '') missing.push({ field, message: 'msg.required' });
  const makesSomething = product.kind !== 'snack';
  if (makesSomething && product.recipe == null)
    missing.push({ field: 'recipe', message: 'msg.productIncomplete' });
  if (missing.length) throw new AppError('msg.productIncomplete', {}, missing);
  const { combos, optionName } = await checkLines(db, product);
  // The console's rules on materials and toppings (contracts), so that the API and imports keep
  // them too: a drink or tea uses materials ('Add the materials the product uses'), judged on the
  // product as it will be, so an update emptying a drink's material lines is refused as well.
  const issues: RecipeIssue[] = checkProductParts(product);
  let ranges: ParameterRange[] = [];
  if (product.recipe != null) {
    const recipe = recipeSchema.safeParse(product.recipe, { reportInput: true });
    if (!recipe.success)
      throw new AppError('msg.productIncomplete', {}, [issueDetail('recipe', recipe.error.issues[0])]);
    const family = product.family as MachineFamily;
    ranges = await parameterRanges(db, family);
    // A combination is named by its options, as the console's table shows it: 'Large / No ice'.
    const label = (combo: { optionIds: readonly string[] }) =>
      combo.optionIds.map(optionName).join(' / ') || undefined;
    issues.push(
      ...checkRecipe(family, recipe.data, ranges),
      ...checkCombos(family, recipe.data, combos, ranges, label),
    );
  }
  if (!issues.length) return;
  // checkRecipe names a parameter by its key and a family by its id, the machine's words; the
  // reader gets the names the console's check shows ('Temperature', '溫度'), in the request's
  // language, which the error handler picks. A parameter without a range has no name but its key.
  const names = new Map(
    ranges.map((r): [string, Localized] => {
      const [zh, tw, en] = r.names.map((n) => n || r.key);
      return [r.key, { zh, tw, en }];
    }),
  );
  const named = (params: RecipeIssue['params']): Record<string, unknown> => ({
    ...params,
    name: names.get(String(params.name)) ?? params.name,
    family: MACHINE_FAMILY_NAMES[params.family as MachineFamily] ?? params.family,
  });
  throw new AppError(
    issues[0].key as 'msg.recipeOutOfRange',
    named(issues[0].params),
    issues.map((i) => ({ field: i.path, message: i.key, params: named(i.params) })),
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
      inherited: inheritsCatalog,
      async beforeCreate(input, ctx) {
        const values = { ...input, merchantId: ownerOf(input, ctx), recipeVersion: 1 };
        // The product may use what its merchant inherits (its parent's materials and options).
        await openInheritedCatalog(ctx.db, ctx.user, String(values.merchantId));
        await validateProduct(ctx.db, values);
        await refuseCodeTakenInChain(ctx.db, values);
        return values;
      },
      async beforeUpdate(input, existing, ctx) {
        const merged = { ...existing, ...input };
        await openInheritedCatalog(ctx.db, ctx.user, String(merged.merchantId));
        await validateProduct(ctx.db, merged);
        // Only a new code: one kept as it is was checked when it was given.
        if (input.code !== undefined && input.code !== existing.code)
          await refuseCodeTakenInChain(ctx.db, merged);
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
   * The next product code of a rule: prefix + running number + suffix, skipping codes taken along
   * the merchant's chain, and the rule moves past it (two people asking at once get different codes).
   */
  app.post(
    '/api/coffee/code-rule/next',
    {
      schema: { body: z.object({ id: idSchema }), response: answer(nextCodeAnswer), tags: ['code-rule'] },
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
        if (!rule) throw new AppError('msg.notFound');
        const format = (n: number) =>
          `${rule.prefix ?? ''}${String(n).padStart(rule.digits, '0')}${rule.suffix ?? ''}`;
        const n = await unscoped(tx, async (all) => {
          for (let tries = 0, next = Number(rule.next_number); ; tries++, next++) {
            if (!(await codeTakenInChain(all, rule.merchant_id, format(next)))) return next;
            if (tries > 10_000) throw new AppError('msg.productCodeExists');
          }
        });
        await tx.execute(
          sql`update code_rule set next_number = ${n + 1}, updated_at = now() where id = ${id}`,
        );
        return { code: format(n) };
      });
    },
  );
}

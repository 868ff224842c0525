/**
 * The answers of the generic resource routes (CONTRACT §3), derived from a ResourceDef as its
 * bodies are (resource.ts): the item every route answers, the list page, delete, select and reveal.
 */
import { z } from 'zod';
import type { FieldDef, ResourceDef } from '../resource.ts';
import { idAnswer, instantAnswer, moneyAnswer, pageSchema } from './envelope.ts';

/** A field's value as an item carries it; every stored field may be null (older rows, optional fields). */
export function fieldAnswerSchema(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'int':
    case 'number':
      return z.number();
    case 'money':
      return moneyAnswer;
    case 'bool':
      return z.boolean();
    case 'datetime':
      return instantAnswer;
    case 'ref':
      return idAnswer;
    case 'refs':
    case 'images':
      return z.array(idAnswer);
    case 'enums':
      return z.array(z.string());
    case 'json':
      return z.unknown();
    case 'localized':
      return z.object({ en: z.string().nullish(), zh: z.string().nullish(), tw: z.string().nullish() });
    case 'enum':
      return z.string().meta({ description: `One of: ${field.values!.join(', ')}` });
    case 'secret':
      return z.string().meta({ description: 'Masked; in clear only through the reveal route' });
    default:
      // text, textarea, email, phone, date (YYYY-MM-DD), time (HH:mm), image (an upload's id).
      return z.string();
  }
}

/** What the item of a resource carries beside its own fields (register-resource's toItem). */
const standard = {
  id: idAnswer,
  createdAt: instantAnswer,
  updatedAt: instantAnswer,
  /** A row the caller's merchant inherits from a superior: it may use it, not change it. */
  inherited: z.boolean().optional(),
  /** Who owns an inherited row. */
  ownerName: z.string().optional(),
};

/**
 * The item of `def` as every generic route answers it: the readable stored fields (never a
 * write-only one), the tenant columns of a tenant resource and the timestamps.
 */
export function itemSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { ...standard };
  if (def.tenant !== 'none') {
    shape.merchantId = idAnswer.nullable();
    shape.storeId = idAnswer.nullable();
  }
  for (const [key, fd] of Object.entries(def.fields)) {
    if (fd.writeOnly || fd.virtual || key in shape) continue;
    shape[key] = fieldAnswerSchema(fd).nullable();
  }
  return z.object(shape);
}

const items = new WeakMap<ResourceDef, ReturnType<typeof itemSchema>>();
/** One item schema per definition, so that the server's serializers and the docs share it. */
export function resourceItemSchema(def: ResourceDef) {
  let item = items.get(def);
  if (!item) items.set(def, (item = itemSchema(def)));
  return item;
}

/**
 * `POST /api/coffee/R/list`: a page of items. `totalExact: false` (present only then) says `total` is
 * not a count made for this answer: above 1,000 rows a list answers the count it made up to 15 s
 * before, or before that the planner's estimate (apps/server/src/platform/crud/list-page.ts); the
 * rows of the page are exact either way. Show such a total as approximate.
 */
export const resourcePageSchema = (def: ResourceDef) =>
  pageSchema(resourceItemSchema(def)).extend({ totalExact: z.boolean().optional() });

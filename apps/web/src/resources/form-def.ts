/**
 * The definition a page's form uses: the resource's own, or a chosen subset of its fields (in the
 * given order) with a few settings changed, e.g. the merchant account screen's form, whose merchant
 * picker is required. Fields left out are neither shown nor sent.
 */
import type { FieldDef, ResourceDef } from '@brewfleet/contracts/resource';

export interface FormShape {
  /** Field keys to show, in order; all of the definition's when absent. */
  fields?: readonly string[];
  /** Settings changed for this form only (`required` …). */
  overrides?: Partial<Record<string, Partial<FieldDef>>>;
}

export function formDef(def: ResourceDef, shape: FormShape = {}): ResourceDef {
  if (!shape.fields && !shape.overrides) return def;
  const keys = shape.fields ?? Object.keys(def.fields);
  const fields: Record<string, FieldDef> = {};
  for (const key of keys) {
    const field = def.fields[key];
    if (!field) throw new Error(`${def.name} has no field ${key}`);
    fields[key] = { ...field, ...shape.overrides?.[key] };
  }
  return { ...def, fields };
}

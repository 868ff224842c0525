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
  /**
   * Fields the edit form of row `id` shows but does not let change, nor sends (as a create-only
   * field on edit): what the server refuses to change on that row, such as one's own merchant's
   * status and superior.
   */
  fixedOnEdit?: (id: string) => readonly string[];
}

/** The form of `def` as `shape` says; `editing`: the id of the row the form edits, if it does. */
export function formDef(def: ResourceDef, shape: FormShape = {}, editing?: string): ResourceDef {
  const fixed = new Set(editing && shape.fixedOnEdit ? shape.fixedOnEdit(editing) : []);
  if (!shape.fields && !shape.overrides && !fixed.size) return def;
  const keys = shape.fields ?? Object.keys(def.fields);
  const fields: Record<string, FieldDef> = {};
  for (const key of keys) {
    const field = def.fields[key];
    if (!field) throw new Error(`${def.name} has no field ${key}`);
    fields[key] = { ...field, ...shape.overrides?.[key], ...(fixed.has(key) ? { createOnly: true } : {}) };
  }
  return { ...def, fields };
}

/** What a field definition means for the screens: where it shows and how it is labelled. */
import type { FieldDef, ResourceDef } from '@brewfleet/contracts/resource';
import type { TFunction } from 'i18next';

export type FormMode = 'create' | 'update';
export type FieldEntry = [key: string, field: FieldDef];

const HIDDEN_IN_LIST = new Set(['textarea', 'password', 'json', 'localized']);

export function isListed(field: FieldDef): boolean {
  return field.list ?? !HIDDEN_IN_LIST.has(field.kind);
}

/** Form fields for a mode: read-only ones never; create-only secrets only when creating. */
export function formEntries(def: ResourceDef, mode: FormMode): FieldEntry[] {
  return Object.entries(def.fields).filter(([, fd]) => {
    if (fd.readOnly || fd.form === false) return false;
    if (mode === 'update' && fd.createOnly && (fd.kind === 'password' || fd.virtual)) return false;
    return true;
  });
}

export const listEntries = (def: ResourceDef): FieldEntry[] =>
  Object.entries(def.fields).filter(([, fd]) => isListed(fd));
export const searchEntries = (def: ResourceDef): FieldEntry[] =>
  Object.entries(def.fields).filter(([, fd]) => !!fd.search);

export const fieldLabelKey = (resource: string, key: string) => `resources.${resource}.fields.${key}`;
export const enumLabelKey = (resource: string, key: string, value: string) =>
  `resources.${resource}.values.${key}.${value}`;
export const titleKey = (resource: string) => `resources.${resource}.title`;

export function fieldLabel(t: TFunction, resource: string, key: string): string {
  return t(fieldLabelKey(resource, key));
}

export function enumOptions(t: TFunction, resource: string, key: string, field: FieldDef) {
  return (field.values ?? []).map((value) => ({ value, label: t(enumLabelKey(resource, key, value)) }));
}

/** Whether the resource offers an operation through the generic routes. */
export function offers(def: ResourceDef, op: 'create' | 'update' | 'delete' | 'select'): boolean {
  return !def.disable?.includes(op);
}

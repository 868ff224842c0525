/**
 * Valid create bodies for any declared resource, made from its definition: the tenant matrix and
 * other generic tests use them, so a new resource joins them by being declared.
 */
import type { FieldDef, ResourceDef } from '@brewfleet/contracts';

let counter = 0;

export function sampleValue(key: string, field: FieldDef, encrypt: (s: string) => string): unknown {
  const unique = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'image':
      return `${key}-${unique}`.slice(0, field.max ?? 255);
    case 'password':
      return encrypt('Sample-Strong-Pass-7');
    case 'secret':
      return encrypt(`secret-${unique}`);
    case 'email':
      return `${unique}@example.com`;
    case 'phone':
      return '+886 912 345 678';
    case 'int':
      return field.min ?? 0;
    case 'number':
      return field.min !== undefined && field.min > 0 ? field.min : 0;
    case 'money':
      return '12.50';
    case 'bool':
      return true;
    case 'enum':
      return field.values![0];
    case 'enums':
      return [field.values![0]];
    case 'date':
      return '2026-01-15';
    case 'datetime':
      return '2026-01-15T08:00:00+08:00';
    case 'time':
      return '08:30';
    case 'json':
      return {};
    case 'localized':
      return { en: `${key}-${unique}`, tw: `名稱-${unique}` };
    case 'ref':
    case 'refs':
    case 'images':
      return undefined;
  }
}

/**
 * What a valid body needs beyond its required fields, where a rule spans fields: a drink has a
 * recipe its family accepts and uses a material its merchant may use (the sample material made
 * before it, `refs.material`: resources are made in their declared order, materials before
 * products); a menu goes to some machines.
 */
const EXTRA: Record<string, (refs: Record<string, string>) => Record<string, unknown>> = {
  product: (refs) => ({
    family: 'coffee',
    recipe: {
      steps: [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40, temperatureC: 92 } }],
    },
    materials: refs.material ? [{ materialId: refs.material, amount: 18, unit: 'g' }] : [],
  }),
  'menu-release': (refs) => ({ deviceIds: refs.device ? [refs.device] : [] }),
  // A rate is a percentage; an allocation names what it taxes (a product type).
  tax: () => ({ country: 'TW', rate: '5' }),
  'tax-allocation': (refs) => ({ productTypeId: refs['product-type'] }),
  // Points per amount name the amount; a banner shows an uploaded image (`refs.upload`).
  'points-rule': () => ({ perAmount: '1.00' }),
  'app-banner': (refs) => ({ image: refs.upload }),
};

/**
 * A body with every required field (and confirmations matching). A required reference takes the id
 * given for its target resource in `refs` (a device channel needs a device).
 */
export function sampleCreateBody(
  def: ResourceDef,
  encrypt: (s: string) => string,
  refs: Record<string, string> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.readOnly || !field.required) continue;
    body[key] = field.kind === 'ref' ? refs[field.ref!] : sampleValue(key, field, encrypt);
  }
  if ('confirmPassword' in def.fields && body.password) body.confirmPassword = body.password;
  return { ...body, ...EXTRA[def.name]?.(refs) };
}

/** A field an update may change, and a new value for it. */
export function sampleUpdate(def: ResourceDef, encrypt: (s: string) => string): Record<string, unknown> {
  const entry = Object.entries(def.fields).find(
    ([, f]) => !f.readOnly && !f.createOnly && !f.virtual && (f.kind === 'text' || f.kind === 'textarea'),
  );
  return entry ? { [entry[0]]: sampleValue(entry[0], entry[1], encrypt) } : {};
}

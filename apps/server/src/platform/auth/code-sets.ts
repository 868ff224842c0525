/**
 * Permission code sets derived from the resource definitions, for routes that serve several screens:
 * a resource's picker (`GET …/select`) and the upload of files. A caller needs one code of the set
 * (route config `anyPermission`): signing in alone is not enough.
 */
import { P, RESOURCES, type ResourceDef } from '@brewfleet/contracts';

/**
 * Pickers that screens open outside the ref fields of the resource definitions: the feature's own
 * codes let the caller see what the picker lists there.
 */
const FEATURE_PICKERS: Record<string, readonly string[]> = {
  // Device debugging (device list and detail) offers the preset commands.
  'preset-command': [P.device.debug],
  // The product flow's code field offers the code rules of the product's merchant.
  'code-rule': [P.product.create, P.product.update],
  // Granting a coupon (Coupon List) picks the members who get it.
  member: [P.coupon.grant],
};

const codesOf = (def: ResourceDef) => Object.values(def.permissions).filter((c): c is string => !!c);

/**
 * Who may list a resource's options: any code of the resource itself (its page and buttons), any code
 * of a resource with a ref/refs field pointing at it (its table names the referenced rows, its search
 * and form fill pickers with them), and the feature pickers above. What the caller then sees is still
 * limited to its tenant scope.
 */
export function selectCodes(name: string, resources: Record<string, ResourceDef> = RESOURCES): string[] {
  const own = resources[name];
  const codes = new Set(own ? codesOf(own) : []);
  for (const def of Object.values(resources)) {
    const refers = Object.values(def.fields).some(
      (fd) => (fd.kind === 'ref' || fd.kind === 'refs') && fd.ref === name,
    );
    if (refers) for (const code of codesOf(def)) codes.add(code);
  }
  for (const code of FEATURE_PICKERS[name] ?? []) codes.add(code);
  return [...codes].sort();
}

/** Who may upload files: the create and edit codes of every form with an image or images field. */
export function uploadCodes(resources: Record<string, ResourceDef> = RESOURCES): string[] {
  const codes = new Set<string>();
  for (const def of Object.values(resources)) {
    const takesFiles = Object.values(def.fields).some((fd) => fd.kind === 'image' || fd.kind === 'images');
    if (!takesFiles) continue;
    for (const code of [def.permissions.create, def.permissions.update]) if (code) codes.add(code);
  }
  return [...codes].sort();
}

/**
 * The tab routes of the product flow (spec §2): one create route per product family (contracts
 * PRODUCT_FLOWS), a create route where the family is chosen in the first step, copy and edit.
 */
import { MACHINE_FAMILIES } from '@brewfleet/contracts/device-protocol';
import { flowOfFamily, PRODUCT_FLOWS, type MachineFamily } from '@brewfleet/contracts/recipes';

export type WizardMode = 'create' | 'copy' | 'edit';

export interface WizardRoute {
  mode: WizardMode;
  /** The families the flow makes; copy and edit take the product's. */
  families: readonly MachineFamily[] | null;
  /** The family a new product starts with; null: the user chooses it in the first step. */
  startFamily: MachineFamily | null;
}

export const WIZARD_ROUTES = {
  'produce-name-create': {
    mode: 'create',
    families: PRODUCT_FLOWS['produce-name-create'],
    startFamily: 'coffee',
  },
  'produce-three-name-create': {
    mode: 'create',
    families: PRODUCT_FLOWS['produce-three-name-create'],
    startFamily: 'tea',
  },
  // Blenders first: ice-sand machines are the other family this flow offers.
  'produce-blender-create': {
    mode: 'create',
    families: PRODUCT_FLOWS['produce-blender-create'],
    startFamily: 'blender',
  },
  'produce-four-name-create': {
    mode: 'create',
    families: PRODUCT_FLOWS['produce-four-name-create'],
    startFamily: 'milk-frother',
  },
  'produce-name-addProduce': { mode: 'create', families: MACHINE_FAMILIES, startFamily: null },
  'produce-four-name-copy': { mode: 'copy', families: null, startFamily: null },
  'produce-name-editProduce': { mode: 'edit', families: null, startFamily: null },
} as const satisfies Record<string, WizardRoute>;
export type WizardRouteName = keyof typeof WIZARD_ROUTES;

/** Tab and page titles (the same keys name the fixed routes in app/routing/fixed-routes.ts). */
export const WIZARD_TITLES: Record<WizardRouteName, string> = {
  'produce-name-create': 'productRoutes.coffee',
  'produce-three-name-create': 'productRoutes.tea',
  'produce-blender-create': 'productRoutes.blender',
  'produce-four-name-create': 'productRoutes.milkFrother',
  'produce-name-addProduce': 'productRoutes.add',
  'produce-four-name-copy': 'productRoutes.copy',
  'produce-name-editProduce': 'productRoutes.edit',
};

/** The four family flows, in the order the "create" chooser offers them. */
export const FAMILY_FLOWS = Object.keys(PRODUCT_FLOWS) as Array<keyof typeof PRODUCT_FLOWS>;

/** What a copied or edited product may be made for: its own family (edit) or its flow's (copy). */
export function familiesOf(route: WizardRoute, family: MachineFamily | null): readonly MachineFamily[] {
  if (route.families) return route.families;
  if (!family) return [];
  if (route.mode === 'edit') return [family];
  const flow = flowOfFamily(family);
  return flow ? PRODUCT_FLOWS[flow] : [family];
}

const withId = (route: string, id: unknown) => `/${route}?id=${encodeURIComponent(String(id))}`;
export const editPath = (id: unknown) => withId('produce-name-editProduce', id);
export const copyPath = (id: unknown) => withId('produce-four-name-copy', id);
export const PRODUCT_LIST_PATH = '/produce-name';

/**
 * The takeout product's fixed routes (spec §2): its add and edit pages, opened from the takeout
 * product list (`delivery/menu`); a product is chosen and priced on a page of its own, as the
 * catalog's products are.
 */
export const TAKEOUT_ADD_ROUTE = 'produce-takeout-addProduce';
export const TAKEOUT_EDIT_ROUTE = 'produce-takeout-editProduce';
/** The list the add and edit pages return to (menu seed page 2612). */
export const TAKEOUT_LIST_PATH = '/delivery-menu';

export const takeoutAddPath = () => `/${TAKEOUT_ADD_ROUTE}`;
export const takeoutEditPath = (id: unknown) => `/${TAKEOUT_EDIT_ROUTE}?id=${encodeURIComponent(String(id))}`;

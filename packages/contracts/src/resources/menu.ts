import { P } from '../permissions.ts';
import { ADDRESS_PATTERN, defineResource, f } from '../resource.ts';

/** Menus: directories (0), pages (1) and buttons (2), each optionally carrying a permission code. */
export const menuResource = defineResource({
  name: 'menu',
  table: 'menu',
  tenant: 'none',
  permissions: P.menu,
  labelField: 'enName',
  defaultSort: 'orderNum',
  // menu/select answers a tree of directories and pages (CONTRACT §4), served by the menu module.
  disable: ['select'],
  fields: {
    parentId: f.ref('menu', { search: 'eq', topLevelZero: true }),
    name: f.text({ required: true, max: 64, search: 'like' }),
    twName: f.text({ required: true, max: 64, search: 'like' }),
    enName: f.text({ required: true, max: 64, search: 'like' }),
    type: f.int({ required: true, min: 0, max: 2, search: 'eq' }),
    url: f.text({ max: 255, pattern: ADDRESS_PATTERN, message: 'msg.addressIncorrect' }),
    perms: f.text({ max: 128, search: 'like' }),
    icon: f.text({ max: 64 }),
    orderNum: f.int({ min: 0, max: 9999, default: 0, sortable: true }),
  },
});

/**
 * The menu seed: directories, pages and buttons of the screens that exist, titled in zh, tw and en
 * (spec §2 menu titles). Ids are fixed so that migrations and later issues can add children by id.
 * A page's `url` becomes the console route (slashes → hyphens, CONTRACT §5).
 */
import { MENU_TYPE } from './enums.ts';
import { P } from './permissions.ts';

/** A node of the menu trees the API answers (`menu/nav`, `menu`, `role/menu-tree`; CONTRACT §4). */
export interface MenuNode {
  id: string;
  menuId: string;
  parentId: string;
  name: string;
  twName: string;
  enName: string;
  url: string;
  perms: string;
  icon: string;
  type: number;
  orderNum: number;
  /** Depth in the tree answered (spec §3 Menu `level`): 1 for a top node, 2 for its children… */
  level: number;
  menuList: MenuNode[];
}

/** A seeded menu: the stored part of a node (`menuId`, `level` and `menuList` are derived when answering). */
export type MenuSeedNode = Omit<MenuNode, 'menuId' | 'level' | 'menuList'>;

type Titles = [zh: string, tw: string, en: string];

const nodes: MenuSeedNode[] = [];
function add(
  id: number,
  parentId: number,
  type: number,
  [name, twName, enName]: Titles,
  extra: Partial<MenuSeedNode> = {},
) {
  nodes.push({
    id: String(id),
    parentId: String(parentId),
    name,
    twName,
    enName,
    url: '',
    perms: '',
    icon: '',
    type,
    orderNum: nodes.filter((n) => n.parentId === String(parentId)).length,
    ...extra,
  });
}
const dir = (id: number, parentId: number, t: Titles, icon: string) =>
  add(id, parentId, MENU_TYPE.directory, t, { icon });
const page = (id: number, parentId: number, t: Titles, url: string, perms: string, icon = '') =>
  add(id, parentId, MENU_TYPE.page, t, { url, perms, icon });
const button = (id: number, parentId: number, t: Titles, perms: string) =>
  add(id, parentId, MENU_TYPE.button, t, { perms });

const B = {
  create: ['新增', '新增', 'Create'] as Titles,
  update: ['修改', '修改', 'Edit'] as Titles,
  delete: ['删除', '刪除', 'Delete'] as Titles,
  import: ['导入', '匯入', 'Import'] as Titles,
  export: ['导出', '匯出', 'Export'] as Titles,
};

page(1000, 0, ['首页', '首頁', 'Homepage'], 'home', '', 'home');

dir(1100, 0, ['系统设置', '系統設定', 'System Settings'], 'setting');

dir(1110, 1100, ['账号管理', '帳號管理', 'Account Management'], 'team');
page(1111, 1110, ['账号列表', '帳號列表', 'Account List'], 'account/list', P.account.list, 'user');
button(111101, 1111, B.create, P.account.create);
button(111102, 1111, B.update, P.account.update);
button(111103, 1111, B.delete, P.account.delete);
button(111104, 1111, B.import, P.account.import);
button(111105, 1111, B.export, P.account.export);
button(111106, 1111, ['重置密码', '重設密碼', 'Reset password'], P.account.resetPassword);
button(111107, 1111, ['查看证件号', '檢視證件號碼', 'Reveal ID number'], P.account.reveal);

page(1112, 1110, ['角色管理', '角色管理', 'Role Management'], 'role/list', P.role.list, 'safety');
button(111201, 1112, B.create, P.role.create);
button(111202, 1112, B.update, P.role.update);
button(111203, 1112, B.delete, P.role.delete);
button(111204, 1112, B.import, P.role.import);
button(111205, 1112, B.export, P.role.export);
button(111206, 1112, ['授权', '授權', 'Authorize'], P.role.authorize);

page(
  1113,
  1110,
  ['用户组织', '使用者組織', 'User organization'],
  'organization/list',
  P.organization.list,
  'apartment',
);
button(111301, 1113, B.create, P.organization.create);
button(111302, 1113, B.update, P.organization.update);
button(111303, 1113, B.delete, P.organization.delete);
button(111304, 1113, B.export, P.organization.export);

page(
  1114,
  1110,
  ['系统日志', '系統日誌', 'System log'],
  'operation-log/list',
  P.operationLog.list,
  'file-search',
);
button(111401, 1114, B.export, P.operationLog.export);

page(1120, 1100, ['菜单设置', '選單設定', 'Menu Settings'], 'menu/list', P.menu.list, 'menu');
button(112001, 1120, B.create, P.menu.create);
button(112002, 1120, B.update, P.menu.update);
button(112003, 1120, B.delete, P.menu.delete);

dir(1200, 0, ['商户管理', '商戶管理', 'Merchant Management'], 'shop');
page(1210, 1200, ['商户列表', '商戶列表', 'Merchant List'], 'merchant/list', P.merchant.list, 'bank');
button(121001, 1210, B.create, P.merchant.create);
button(121002, 1210, B.update, P.merchant.update);
button(121003, 1210, B.delete, P.merchant.delete);
button(121004, 1210, B.import, P.merchant.import);
button(121005, 1210, B.export, P.merchant.export);
button(121006, 1210, ['查看密钥', '檢視金鑰', 'Reveal keys'], P.merchant.reveal);
page(1211, 1200, ['等级关系', '等級關係', 'Grade Relation'], 'merchant/grade', P.merchant.list, 'cluster');
page(1212, 1200, ['商户账号', '商戶帳號', 'Merchant Account'], 'merchant/account', P.account.list, 'idcard');
page(1220, 1200, ['门店管理', '門市管理', 'Store Management'], 'store/list', P.store.list, 'environment');
button(122001, 1220, B.create, P.store.create);
button(122002, 1220, B.update, P.store.update);
button(122003, 1220, B.delete, P.store.delete);
button(122004, 1220, B.import, P.store.import);
button(122005, 1220, B.export, P.store.export);
page(1221, 1200, ['门店账号', '門市帳號', 'Store Account'], 'store/account', P.account.list, 'contacts');

dir(1300, 0, ['设备管理', '設備管理', 'Device Management'], 'desktop');
page(1310, 1300, ['设备列表', '設備列表', 'Device List'], 'device/list', P.device.list, 'hdd');
button(131001, 1310, B.create, P.device.create);
button(131002, 1310, B.update, P.device.update);
button(131003, 1310, B.delete, P.device.delete);
button(131004, 1310, B.import, P.device.import);
button(131005, 1310, B.export, P.device.export);
button(131006, 1310, ['绑定机器', '綁定機器', 'Bind machine'], P.device.bind);
button(131007, 1310, ['重置密钥', '重設金鑰', 'New machine secret'], P.device.credentials);
button(131008, 1310, ['锁定', '鎖定', 'Lock'], P.device.lock);
button(131009, 1310, ['解锁', '解鎖', 'Unlock'], P.device.unlock);
button(131010, 1310, ['开机', '開機', 'Start up'], P.device.startup);
button(131011, 1310, ['关机', '關機', 'Shut down'], P.device.shutdown);
button(131012, 1310, ['重启', '重新啟動', 'Restart'], P.device.restart);
button(131013, 1310, ['设备调试', '設備偵錯', 'Device Debugging'], P.device.debug);
page(1311, 1300, ['设备类型', '設備類型', 'Device Type'], 'device/type', P.deviceType.list, 'appstore');
button(131101, 1311, B.create, P.deviceType.create);
button(131102, 1311, B.update, P.deviceType.update);
button(131103, 1311, B.delete, P.deviceType.delete);
button(131104, 1311, B.export, P.deviceType.export);
page(
  1312,
  1300,
  ['设备名称/型号', '設備名稱/型號', 'Device Name/Model'],
  'device/model',
  P.deviceModel.list,
  'build',
);
button(131201, 1312, B.create, P.deviceModel.create);
button(131202, 1312, B.update, P.deviceModel.update);
button(131203, 1312, B.delete, P.deviceModel.delete);
button(131204, 1312, B.export, P.deviceModel.export);
page(1313, 1300, ['日志', '日誌', 'Log'], 'device/journal', P.deviceLog.list, 'file-text');
button(131301, 1313, B.export, P.deviceLog.export);
page(1314, 1300, ['地图', '地圖', 'Map'], 'map', P.device.list, 'global');
page(
  1315,
  1300,
  ['商户机器', '商戶機器', 'Merchant Machines'],
  'merchant/machine',
  P.device.list,
  'cloud-server',
);
page(
  1316,
  1300,
  ['远程指令', '遠端指令', 'Remote Commands'],
  'device/command',
  P.deviceCommand.list,
  'thunderbolt',
);
button(131601, 1316, B.export, P.deviceCommand.export);

dir(1400, 0, ['设备配置', '設備配置', 'Device Configuration'], 'tool');
page(
  1410,
  1400,
  ['料道类型', '料道類型', 'Channel type'],
  'chargingBasket/type',
  P.channelType.list,
  'partition',
);
button(141001, 1410, B.create, P.channelType.create);
button(141002, 1410, B.update, P.channelType.update);
button(141003, 1410, B.delete, P.channelType.delete);
page(
  1411,
  1400,
  ['料道配置', '料道配置', 'Channel configuration'],
  'chargingBasket/index',
  P.channelConfig.list,
  'profile',
);
button(141101, 1411, B.create, P.channelConfig.create);
button(141102, 1411, B.update, P.channelConfig.update);
button(141103, 1411, B.delete, P.channelConfig.delete);
button(141104, 1411, B.import, P.channelConfig.import);
button(141105, 1411, B.export, P.channelConfig.export);
page(
  1412,
  1400,
  ['料道分配', '料道分配', 'Channel distribution'],
  'chargingBasket/bind',
  P.channelConfig.distribute,
  'deployment-unit',
);
page(
  1413,
  1400,
  ['设备料道', '設備料道', 'Device Channels'],
  'machineBasket/index',
  P.deviceChannel.list,
  'database',
);
button(141301, 1413, B.create, P.deviceChannel.create);
button(141302, 1413, B.update, P.deviceChannel.update);
button(141303, 1413, B.delete, P.deviceChannel.delete);
button(141304, 1413, B.export, P.deviceChannel.export);
button(141305, 1413, ['补料', '補料', 'Refill'], P.deviceChannel.refill);
dir(1420, 1400, ['设备调试', '設備偵錯', 'Device Debugging'], 'bug');
page(1421, 1420, ['预设指令', '預設指令', 'Preset Command'], 'command/preset', P.presetCommand.list, 'code');
button(142101, 1421, B.create, P.presetCommand.create);
button(142102, 1421, B.update, P.presetCommand.update);
button(142103, 1421, B.delete, P.presetCommand.delete);
page(
  1422,
  1420,
  ['指令配置', '指令配置', 'Command Configuration'],
  'command/config',
  P.commandConfig.list,
  'control',
);
button(142201, 1422, B.update, P.commandConfig.update);

dir(1500, 0, ['数据中心', '資料中心', 'Data Center'], 'bar-chart');
page(
  1510,
  1500,
  ['出杯记录', '出杯紀錄', 'Production Records'],
  'dataCenter/produceRecord',
  P.productionRecord.list,
  'history',
);
button(151001, 1510, B.export, P.productionRecord.export);
page(1511, 1500, ['故障日志', '故障日誌', 'Fault Log'], 'dataCenter/faultLog', P.faultLog.list, 'warning');
button(151101, 1511, B.export, P.faultLog.export);
page(
  1512,
  1500,
  ['清洗记录', '清洗紀錄', 'Cleaning Record'],
  'dataCenter/washRecord',
  P.cleaningRecord.list,
  'clear',
);
button(151201, 1512, B.export, P.cleaningRecord.export);

dir(1600, 0, ['商品管理', '商品管理', 'Product Management'], 'shopping');
const crudPage = (
  id: number,
  titles: Titles,
  url: string,
  codes: {
    list: string;
    create?: string;
    update?: string;
    delete?: string;
    import?: string;
    export?: string;
  },
  icon = '',
) => {
  page(id, 1600, titles, url, codes.list, icon);
  let n = 1;
  for (const action of ['create', 'update', 'delete', 'import', 'export'] as const) {
    const code = codes[action];
    if (code) button(id * 100 + n++, id, B[action], code);
  }
};
crudPage(1610, ['商品列表', '商品列表', 'Product List'], 'produce/name', P.product, 'coffee');
crudPage(1611, ['商品类型', '商品類型', 'Product Type'], 'produce/type', P.productType, 'tag');
crudPage(1612, ['原料类型', '原料類型', 'Material Type'], 'produce/matterType', P.materialType, 'block');
crudPage(1613, ['原料管理', '原料管理', 'Material Management'], 'produce/matter', P.material, 'experiment');
crudPage(
  1614,
  ['小料类型', '小料類型', 'Small Material Type'],
  'produce/smallMaterialType',
  P.smallMaterialType,
  'border',
);
crudPage(
  1615,
  ['小料列表', '小料列表', 'Small Materials'],
  'produce/smallMaterial',
  P.smallMaterial,
  'appstore-add',
);
crudPage(1616, ['小吃类型', '小吃類型', 'Snack Types'], 'produce/snackType', P.snackType, 'inbox');
crudPage(1617, ['小吃列表', '小吃列表', 'Snack List'], 'produce/snack', P.snack, 'gift');
crudPage(
  1618,
  ['规格类型', '規格類型', 'Specification Type'],
  'produce/normsType',
  P.optionType,
  'column-width',
);
crudPage(1619, ['规格列表', '規格列表', 'Specification List'], 'produce/norms', P.option, 'sliders');
crudPage(
  1620,
  ['商品参数', '商品參數', 'Product Parameters'],
  'produce/parameter',
  P.productParameter,
  'dashboard',
);
crudPage(1621, ['编码规则', '編碼規則', 'Code Rule'], 'produce/name/rule', P.codeRule, 'number');
crudPage(
  1622,
  ['附加商品', '附加商品', 'Additional products'],
  'produce/extraProduce',
  P.extraProduct,
  'plus-square',
);
crudPage(
  1623,
  ['附加商品类型', '附加商品類型', 'Additional product types'],
  'produce/extraProduceType',
  P.extraProductType,
  'bars',
);
crudPage(
  1624,
  ['门店商品', '門市商品', 'Store Products'],
  'produce/store-product',
  P.storeProduct,
  'shopping-cart',
);
crudPage(
  1625,
  ['机器商品', '機器商品', 'Machine Products'],
  'produce/machine-product',
  P.machineProduct,
  'robot',
);
crudPage(
  1626,
  ['全自动门店商品', '全自動門市商品', 'Automatic Store Products'],
  'produce/machine-thermoplan-product',
  P.storeProduct,
  'fire',
);
crudPage(
  1627,
  ['全自动机器商品', '全自動機器商品', 'Automatic Machine Products'],
  'produce/thermoplan-machine-product',
  P.machineProduct,
  'api',
);

dir(1700, 0, ['菜单下发', '菜單派送', 'Menu distribution'], 'send');
page(
  1710,
  1700,
  ['菜单下发', '菜單派送', 'Menu distribution'],
  'menu/distribution',
  P.menuRelease.list,
  'cloud-upload',
);
button(171001, 1710, B.create, P.menuRelease.create);
button(171002, 1710, ['下发', '派送', 'Push'], P.menuRelease.push);
button(171003, 1710, ['回滚', '回滾', 'Roll back'], P.menuRelease.rollback);
button(171004, 1710, B.delete, P.menuRelease.delete);
page(1711, 1700, ['门店菜单', '門市菜單', 'Store Menu'], 'menu/store', P.menuRelease.list, 'book');
page(1712, 1700, ['设备菜单', '設備菜單', 'Equipment Menu'], 'menu/equipment', P.menuRelease.list, 'laptop');

export const MENU_SEED: readonly MenuSeedNode[] = nodes;

/**
 * What the store staff role of the demo (and of README's account table) is granted: the home page,
 * its store and log, its machines (list, map, detail, log, commands) with the day-to-day remote
 * operations (lock, unlock, start up, shut down, restart; not debugging, secrets, binding or
 * editing), their channels with refills, production, faults and cleanings, and the store and
 * equipment menus (reading, not distributing). Rows are limited to the store by its scope.
 */
export const STORE_STAFF_MENUS: readonly string[] = [
  1000, 1114, 1220, 1310, 131008, 131009, 131010, 131011, 131012, 1313, 1314, 1316, 1413, 141305, 1510, 1511,
  1512, 1711, 1712,
].map(String);

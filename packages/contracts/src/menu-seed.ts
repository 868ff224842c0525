/**
 * The menu seed: directories, pages and buttons of the screens that exist, titled in zh, tw and en
 * (spec §2 menu titles). Ids are fixed so that migrations and later issues can add children by id.
 * A page's `url` becomes the console route (slashes → hyphens, CONTRACT §5).
 *
 * A page given its permission group (`P.account`) carries the group's `list` code, and its buttons
 * are derived from the group: one per other code, in the group's order, ids `<page id>01`, `02` …,
 * except a code that opens a page of its own (channel distribution). So a code declared in
 * permissions.ts (and used by a route) is grantable without being listed here a second time.
 */
import { MENU_TYPE } from './enums.ts';
import { P } from './permissions.ts';
import { STAT_PAGES } from './data-center.ts';

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

/** A permission group of permissions.ts: its `list` code opens the page, the others are buttons. */
type CodeGroup = { readonly list: string } & Readonly<Record<string, string>>;
/** Dirs and pages in declaration order, each page with the permission group its buttons come from. */
const declared: Array<{ node: MenuSeedNode; group?: CodeGroup }> = [];

function add(
  id: number,
  parentId: number,
  type: number,
  [name, twName, enName]: Titles,
  extra: Partial<MenuSeedNode>,
  group?: CodeGroup,
) {
  declared.push({
    group,
    node: {
      id: String(id),
      parentId: String(parentId),
      name,
      twName,
      enName,
      url: '',
      perms: '',
      icon: '',
      type,
      orderNum: declared.filter((d) => d.node.parentId === String(parentId)).length,
      ...extra,
    },
  });
}
const dir = (id: number, parentId: number, t: Titles, icon: string) =>
  add(id, parentId, MENU_TYPE.directory, t, { icon });
/** A page; given a permission group rather than one code, it gets the group's buttons. */
function page(id: number, parentId: number, t: Titles, url: string, perms: string | CodeGroup, icon = '') {
  if (typeof perms === 'string') add(id, parentId, MENU_TYPE.page, t, { url, perms, icon });
  else add(id, parentId, MENU_TYPE.page, t, { url, perms: perms.list, icon }, perms);
}

/** Button titles by action (the last part of a code), for the actions many resources share. */
const ACTION_TITLES: Record<string, Titles> = {
  create: ['新增', '新增', 'Create'],
  update: ['修改', '修改', 'Edit'],
  delete: ['删除', '刪除', 'Delete'],
  import: ['导入', '匯入', 'Import'],
  export: ['导出', '匯出', 'Export'],
};
/** Button titles of the codes whose action is a resource's own. */
const CODE_TITLES: Record<string, Titles> = {
  [P.account.resetPassword]: ['重置密码', '重設密碼', 'Reset password'],
  [P.account.reveal]: ['查看证件号', '檢視證件號碼', 'Reveal ID number'],
  [P.role.authorize]: ['授权', '授權', 'Authorize'],
  [P.merchant.reveal]: ['查看密钥', '檢視金鑰', 'Reveal keys'],
  [P.device.bind]: ['绑定机器', '綁定機器', 'Bind machine'],
  [P.device.credentials]: ['重置密钥', '重設金鑰', 'New machine secret'],
  [P.device.lock]: ['锁定', '鎖定', 'Lock'],
  [P.device.unlock]: ['解锁', '解鎖', 'Unlock'],
  [P.device.startup]: ['开机', '開機', 'Start up'],
  [P.device.shutdown]: ['关机', '關機', 'Shut down'],
  [P.device.restart]: ['重启', '重新啟動', 'Restart'],
  [P.device.debug]: ['设备调试', '設備偵錯', 'Device Debugging'],
  [P.deviceChannel.refill]: ['补料', '補料', 'Refill'],
  [P.menuRelease.push]: ['下发', '派送', 'Push'],
  [P.menuRelease.rollback]: ['回滚', '回滾', 'Roll back'],
  [P.platformJob.run]: ['立即运行', '立即執行', 'Run now'],
  [P.order.refund]: ['退款', '退款', 'Refund'],
  [P.order.cancel]: ['取消订单', '取消訂單', 'Cancel order'],
  [P.member.wallet]: ['调整钱包', '調整錢包', 'Adjust wallet'],
  [P.member.points]: ['调整积分', '調整點數', 'Adjust points'],
  [P.coupon.grant]: ['发放优惠券', '發放優惠券', 'Grant coupon'],
  [P.uberAccount.reveal]: ['查看密钥', '檢視金鑰', 'Reveal secret'],
  [P.deliveryStore.sync]: ['同步菜单', '同步菜單', 'Sync menu'],
  [P.stats.rebuild]: ['重建统计', '重建統計', 'Rebuild statistics'],
};

function buttonTitles(code: string): Titles {
  const titles = CODE_TITLES[code] ?? ACTION_TITLES[code.slice(code.lastIndexOf(':') + 1)];
  if (!titles) throw new Error(`menu seed: no button title for ${code}`);
  return titles;
}

/** Each page followed by its derived buttons (see the top of this file). */
function withButtons(): MenuSeedNode[] {
  const pageCodes = new Set(declared.filter((d) => d.node.type === MENU_TYPE.page).map((d) => d.node.perms));
  return declared.flatMap(({ node, group }) => {
    const codes = Object.entries(group ?? {})
      .filter(([action, code]) => action !== 'list' && !pageCodes.has(code))
      .map(([, code]) => code);
    const buttons = codes.map((code, i): MenuSeedNode => {
      const [name, twName, enName] = buttonTitles(code);
      return {
        id: String(Number(node.id) * 100 + i + 1),
        parentId: node.id,
        name,
        twName,
        enName,
        url: '',
        perms: code,
        icon: '',
        type: MENU_TYPE.button,
        orderNum: i,
      };
    });
    return [node, ...buttons];
  });
}

page(1000, 0, ['首页', '首頁', 'Homepage'], 'home', '', 'home');

dir(1100, 0, ['系统设置', '系統設定', 'System Settings'], 'setting');

dir(1110, 1100, ['账号管理', '帳號管理', 'Account Management'], 'team');
page(1111, 1110, ['账号列表', '帳號列表', 'Account List'], 'account/list', P.account, 'user');

page(1112, 1110, ['角色管理', '角色管理', 'Role Management'], 'role/list', P.role, 'safety');

page(
  1113,
  1110,
  ['用户组织', '使用者組織', 'User organization'],
  'organization/list',
  P.organization,
  'apartment',
);

page(1114, 1110, ['系统日志', '系統日誌', 'System log'], 'operation-log/list', P.operationLog, 'file-search');

page(1120, 1100, ['菜单设置', '選單設定', 'Menu Settings'], 'menu/list', P.menu, 'menu');
// The background jobs (platform/jobs): the platform administrator's only, like the menu settings.
page(1130, 1100, ['后台任务', '背景工作', 'Background jobs'], 'platform-job/list', P.platformJob, 'schedule');

dir(1200, 0, ['商户管理', '商戶管理', 'Merchant Management'], 'shop');
page(1210, 1200, ['商户列表', '商戶列表', 'Merchant List'], 'merchant/list', P.merchant, 'bank');
page(1211, 1200, ['等级关系', '等級關係', 'Grade Relation'], 'merchant/grade', P.merchant.list, 'cluster');
page(1212, 1200, ['商户账号', '商戶帳號', 'Merchant Account'], 'merchant/account', P.account.list, 'idcard');
page(1220, 1200, ['门店管理', '門市管理', 'Store Management'], 'store/list', P.store, 'environment');
page(1221, 1200, ['门店账号', '門市帳號', 'Store Account'], 'store/account', P.account.list, 'contacts');

dir(1300, 0, ['设备管理', '設備管理', 'Device Management'], 'desktop');
page(1310, 1300, ['设备列表', '設備列表', 'Device List'], 'device/list', P.device, 'hdd');
page(1311, 1300, ['设备类型', '設備類型', 'Device Type'], 'device/type', P.deviceType, 'appstore');
page(
  1312,
  1300,
  ['设备名称/型号', '設備名稱/型號', 'Device Name/Model'],
  'device/model',
  P.deviceModel,
  'build',
);
page(1313, 1300, ['日志', '日誌', 'Log'], 'device/journal', P.deviceLog, 'file-text');
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
  P.deviceCommand,
  'thunderbolt',
);

dir(1400, 0, ['设备配置', '設備配置', 'Device Configuration'], 'tool');
page(1410, 1400, ['料道类型', '料道類型', 'Channel type'], 'chargingBasket/type', P.channelType, 'partition');
page(
  1411,
  1400,
  ['料道配置', '料道配置', 'Channel configuration'],
  'chargingBasket/index',
  P.channelConfig,
  'profile',
);
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
  P.deviceChannel,
  'database',
);
dir(1420, 1400, ['设备调试', '設備偵錯', 'Device Debugging'], 'bug');
page(1421, 1420, ['预设指令', '預設指令', 'Preset Command'], 'command/preset', P.presetCommand, 'code');
page(
  1422,
  1420,
  ['指令配置', '指令配置', 'Command Configuration'],
  'command/config',
  P.commandConfig,
  'control',
);

dir(1500, 0, ['数据中心', '資料中心', 'Data Center'], 'bar-chart');
page(
  1510,
  1500,
  ['出杯记录', '出杯紀錄', 'Production Records'],
  'dataCenter/produceRecord',
  P.productionRecord,
  'history',
);
page(1511, 1500, ['故障日志', '故障日誌', 'Fault Log'], 'dataCenter/faultLog', P.faultLog, 'warning');
page(
  1512,
  1500,
  ['清洗记录', '清洗紀錄', 'Cleaning Record'],
  'dataCenter/washRecord',
  P.cleaningRecord,
  'clear',
);
// The data center (issue 17): a statistics page per STAT_PAGES entry (one screen draws them all),
// extraction drift, quality profiles and calibration, the big-screen dashboards and their display links.
// One code exports any statistics page and one rebuilds the rollups (platform): a code is granted
// through one page's buttons (menu-seed.test), so both are the first page's (Business Center).
STAT_PAGES.forEach((stat, i) =>
  page(
    1520 + i,
    1500,
    stat.titles,
    stat.url,
    i === 0
      ? { list: P.stats[stat.name], export: P.stats.export, rebuild: P.stats.rebuild }
      : P.stats[stat.name],
    stat.icon,
  ),
);
page(1550, 1500, ['萃取漂移', '萃取漂移', 'Extraction drift'], 'dataCenter/drift', P.stats.drift, 'rise');
page(
  1551,
  1500,
  ['萃取参数', '萃取參數', 'Extraction profiles'],
  'dataCenter/extractionProfile',
  P.extractionProfile,
  'control',
);
page(
  1552,
  1500,
  ['折光仪校准', '折光儀校準', 'Refractometer calibration'],
  'dataCenter/calibration',
  P.calibrationReading,
  'aim',
);
// One cup's estimate as a merchant describes it (issue 17 §3): beside the profiles and calibration.
page(
  1556,
  1500,
  ['萃取估算', '萃取估算', 'Extraction estimate'],
  'dataCenter/extractionEstimate',
  P.extractionProfile.estimate,
  'calculator',
);
page(
  1553,
  1500,
  ['数据展示', '資料展示', 'Data display'],
  'dataShow',
  P.stats.dashboard,
  'fund-projection-screen',
);
page(1554, 1500, ['运营大屏', '營運大屏', 'Operation dashboard'], 'operation', P.stats.dashboard, 'desktop');
page(1555, 1500, ['展示链接', '展示連結', 'Display links'], 'dataCenter/displayLink', P.displayLink, 'link');

dir(1600, 0, ['商品管理', '商品管理', 'Product Management'], 'shopping');
/** A page of the Product Management directory, with its group's buttons. */
const crudPage = (id: number, titles: Titles, url: string, group: CodeGroup, icon = '') =>
  page(id, 1600, titles, url, group, icon);
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
  P.menuRelease,
  'cloud-upload',
);
page(1711, 1700, ['门店菜单', '門市菜單', 'Store Menu'], 'menu/store', P.menuRelease.list, 'book');
page(1712, 1700, ['设备菜单', '設備菜單', 'Equipment Menu'], 'menu/equipment', P.menuRelease.list, 'laptop');

// Orders (issue 11): every sale the machines report; the detail (/order-detail) opens from the list.
dir(2200, 0, ['订单管理', '訂單管理', 'Order Management'], 'profile');
page(2210, 2200, ['订单列表', '訂單列表', 'Order List'], 'order/list', P.order, 'unordered-list');

// Taxes (issue 11): the calculator, the taxes, their allocations, and the packaging bags with theirs.
dir(2300, 0, ['税务中心', '稅務中心', 'Tax Center'], 'account-book');
page(2310, 2300, ['税额试算', '稅額試算', 'Tax calculator'], 'tax/center', P.tax.preview, 'calculator');
page(2311, 2300, ['税务管理', '稅務管理', 'Tax Management'], 'tax/list', P.tax, 'percentage');
page(2312, 2300, ['税务分配', '稅務分配', 'Tax Allocation'], 'tax/allocation', P.taxAllocation, 'node-index');
page(
  2313,
  2300,
  ['包装袋', '包裝袋', 'Packaging bag'],
  'tax/packaging-bag',
  P.extraProduct.list,
  'container',
);

// Members (issue 12): a merchant's customers, their wallets and points, the rules that earn points.
dir(2400, 0, ['会员管理', '會員管理', 'Member Management'], 'team');
page(2410, 2400, ['会员列表', '會員列表', 'Membership List'], 'member/list', P.member, 'contacts');
page(2411, 2400, ['钱包流水', '錢包明細', 'Wallet history'], 'member/wallet', P.walletEntry, 'wallet');
page(2412, 2400, ['积分流水', '點數明細', 'Points history'], 'member/points', P.pointsEntry, 'history');
page(2413, 2400, ['积分规则', '點數規則', 'Points Rules'], 'member/point-rule', P.pointsRule, 'trophy');

// Coupons (issue 12): their definitions, and the coupons members hold.
dir(2450, 0, ['优惠券管理', '優惠券管理', 'Coupon Management'], 'tags');
page(2451, 2450, ['优惠券列表', '優惠券列表', 'Coupon List'], 'coupon/list', P.coupon, 'tag');
page(2452, 2450, ['会员优惠券', '會員優惠券', 'Member coupons'], 'coupon/member', P.memberCoupon, 'gift');

// The ordering app (issue 12): its banners, and its settings per merchant.
dir(2500, 0, ['应用管理', 'App 管理', 'app management'], 'mobile');
page(2510, 2500, ['应用横幅', 'App 橫幅', 'App Banner'], 'app/banner', P.appBanner, 'picture');
page(2511, 2500, ['应用设置', 'App 設定', 'App settings'], 'app/setting', P.appSetting, 'setting');

// The delivery platform (issue 13): the Uber Eats binding, the bound stores with their sync action,
// the takeout products (added and edited on the fixed routes /produce-takeout-addProduce and
// /produce-takeout-editProduce, opened from their list), each store's delivery menu, and the log of
// what the listing did on Uber.
dir(2600, 0, ['外卖平台', '外送平台', 'Delivery Platform'], 'car');
page(2610, 2600, ['Uber', 'Uber', 'Uber'], 'delivery/uber', P.uberAccount, 'api');
page(2611, 2600, ['Uber 门店', 'Uber 門市', 'Uber stores'], 'delivery/store', P.deliveryStore, 'shop');
page(2612, 2600, ['外卖商品', '外送商品', 'Takeout products'], 'delivery/menu', P.takeoutProduct, 'coffee');
page(
  2613,
  2600,
  ['外卖门店商品', '外送門市商品', 'Delivery store products'],
  'produce/delivery-store-product',
  P.deliveryStore.list,
  'book',
);
page(
  2614,
  2600,
  ['上架变更记录', '上架異動紀錄', 'Listing changes'],
  'delivery/listing-log',
  P.deliveryListingChange,
  'history',
);

export const MENU_SEED: readonly MenuSeedNode[] = withButtons();

/**
 * What the store staff role of the demo (and of README's account table) is granted: the home page,
 * its store and log, its machines (list, map, detail, log, commands) with the day-to-day remote
 * operations (lock, unlock, start up, shut down, restart; not debugging, secrets, binding or
 * editing), their channels with refills, production, faults and cleanings, and the store and
 * equipment menus (reading, not distributing). Rows are limited to the store by its scope.
 */
export const STORE_STAFF_MENUS: readonly string[] = [
  1000, 1114, 1220, 1310, 131008, 131009, 131010, 131011, 131012, 1313, 1314, 1316, 1413, 141305, 1510, 1511,
  1512, 1711, 1712, 2210,
].map(String);

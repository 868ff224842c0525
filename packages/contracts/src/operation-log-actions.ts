/**
 * Operation-log actions as sentences in the reader's language. The log stores an action key
 * (`auth.login`, `device.lock`, `store.update`) or, for a route without one, its method and path;
 * the System log screen and its export show the action's own text (messages `log.<action>`), or for
 * the resource endpoints the verb with the resource's title, or 'Other operation (POST /…)'.
 */
import type { Language } from './enums.ts';
import { isMessageKey, translate, type Localized } from './i18n/messages.ts';

/**
 * Each resource's title, as its list screen is titled (the console's `resources.<name>.title`,
 * which a web test keeps equal to these).
 */
export const RESOURCE_TITLES: Readonly<Record<string, Localized>> = {
  account: { en: 'Administrators', zh: '管理员', tw: '管理員' },
  role: { en: 'Roles', zh: '角色', tw: '角色' },
  organization: { en: 'User organizations', zh: '用户组织', tw: '使用者組織' },
  menu: { en: 'Menu settings', zh: '菜单设置', tw: '選單設定' },
  'operation-log': { en: 'System log', zh: '系统日志', tw: '系統日誌' },
  merchant: { en: 'Merchants', zh: '商户', tw: '商戶' },
  store: { en: 'Stores', zh: '门店', tw: '門市' },
  'device-type': { en: 'Device types', zh: '设备类型', tw: '設備類型' },
  'device-model': { en: 'Device models', zh: '设备型号', tw: '設備型號' },
  device: { en: 'Devices', zh: '设备列表', tw: '設備列表' },
  'production-record': { en: 'Production records', zh: '出杯记录', tw: '出杯紀錄' },
  'fault-log': { en: 'Fault log', zh: '故障日志', tw: '故障日誌' },
  'cleaning-record': { en: 'Cleaning records', zh: '清洗记录', tw: '清洗紀錄' },
  'device-log': { en: 'Machine log', zh: '机器日志', tw: '機器日誌' },
  'device-command': { en: 'Remote commands', zh: '远程指令', tw: '遠端指令' },
  'channel-type': { en: 'Channel types', zh: '料道类型', tw: '料道類型' },
  'channel-config': { en: 'Channel configuration', zh: '料道配置', tw: '料道配置' },
  'device-channel': { en: 'Device channels', zh: '设备料道', tw: '設備料道' },
  'preset-command': { en: 'Preset commands', zh: '预设指令', tw: '預設指令' },
  'command-config': { en: 'Command configuration', zh: '指令配置', tw: '指令配置' },
  'product-type': { en: 'Product types', zh: '商品类型', tw: '商品類型' },
  'material-type': { en: 'Material types', zh: '原料类型', tw: '原料類型' },
  'small-material-type': { en: 'Topping types', zh: '小料类型', tw: '小料類型' },
  'snack-type': { en: 'Snack types', zh: '小吃类型', tw: '小吃類型' },
  'extra-product-type': { en: 'Additional product types', zh: '附加商品类型', tw: '附加商品類型' },
  material: { en: 'Materials', zh: '原料', tw: '原料' },
  'small-material': { en: 'Toppings', zh: '小料', tw: '小料' },
  snack: { en: 'Snacks', zh: '小吃', tw: '小吃' },
  'option-type': { en: 'Specification types', zh: '规格类型', tw: '規格類型' },
  option: { en: 'Specifications', zh: '规格', tw: '規格' },
  'product-parameter': { en: 'Product parameters', zh: '商品参数', tw: '商品參數' },
  'code-rule': { en: 'Code rules', zh: '编码规则', tw: '編碼規則' },
  'extra-product': { en: 'Additional products', zh: '附加商品', tw: '附加商品' },
  tax: { en: 'Taxes', zh: '税务', tw: '稅務' },
  'tax-allocation': { en: 'Tax allocations', zh: '税务分配', tw: '稅務分配' },
  product: { en: 'Products', zh: '商品', tw: '商品' },
  'store-product': { en: 'Store products', zh: '门店商品', tw: '門市商品' },
  'machine-product': { en: 'Machine products', zh: '机器商品', tw: '機器商品' },
  'menu-release': { en: 'Menu releases', zh: '菜单版本', tw: '菜單版本' },
  order: { en: 'Order List', zh: '订单列表', tw: '訂單列表' },
  member: { en: 'Membership List', zh: '会员列表', tw: '會員列表' },
  'wallet-entry': { en: 'Wallet history', zh: '钱包流水', tw: '錢包明細' },
  'points-entry': { en: 'Points history', zh: '积分流水', tw: '點數明細' },
  'points-rule': { en: 'Points Rules', zh: '积分规则', tw: '點數規則' },
  coupon: { en: 'Coupon List', zh: '优惠券列表', tw: '優惠券列表' },
  'member-coupon': { en: 'Member coupons', zh: '会员优惠券', tw: '會員優惠券' },
  'app-banner': { en: 'App Banner', zh: '应用横幅', tw: 'App 橫幅' },
  'app-setting': { en: 'App settings', zh: '应用设置', tw: 'App 設定' },
  'uber-account': { en: 'Uber', zh: 'Uber', tw: 'Uber' },
  'delivery-store': { en: 'Uber stores', zh: 'Uber 门店', tw: 'Uber 門市' },
  'takeout-product': { en: 'Takeout products', zh: '外卖商品', tw: '外送商品' },
  'delivery-listing-change': { en: 'Listing changes', zh: '上架变更记录', tw: '上架異動紀錄' },
  'display-link': { en: 'Display links', zh: '展示链接', tw: '展示連結' },
  'extraction-profile': { en: 'Extraction profiles', zh: '萃取参数', tw: '萃取參數' },
  'calibration-reading': { en: 'Refractometer calibration', zh: '折光仪校准', tw: '折光儀校準' },
};

const VERBS = ['create', 'update', 'delete', 'import', 'reveal'];

/** The sentence of a logged action in `lang`; an action it does not know stays as it is. */
export function actionSentence(action: string, lang: Language): string {
  if (!action) return '';
  if (isMessageKey(`log.${action}`)) return translate(`log.${action}`, lang);
  const dot = action.lastIndexOf('.');
  const resource = RESOURCE_TITLES[action.slice(0, dot)];
  const verb = action.slice(dot + 1);
  if (dot > 0 && resource && VERBS.includes(verb)) return translate(`log.verb.${verb}`, lang, { resource });
  const request = /^([A-Z]+) (\/\S*)$/.exec(action);
  if (request) return translate('log.request', lang, { method: request[1], path: request[2] });
  return action;
}

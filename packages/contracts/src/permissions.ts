/**
 * Permission codes. Each protected route names one; menus of type button carry them, and roles grant
 * them through their menu ids. `P.account.create` is 'coffee:account:create'.
 */
import { STAT_PAGE_NAMES } from './data-center.ts';

const codes = <R extends string, A extends readonly string[]>(resource: R, actions: A) =>
  Object.fromEntries(actions.map((a) => [a, `coffee:${resource}:${a}`])) as {
    [K in A[number]]: `coffee:${R}:${K}`;
  };

const CRUD = ['list', 'create', 'update', 'delete'] as const;

export const P = {
  account: codes('account', [...CRUD, 'import', 'export', 'resetPassword', 'reveal'] as const),
  role: codes('role', [...CRUD, 'import', 'export', 'authorize'] as const),
  menu: codes('menu', CRUD),
  organization: codes('organization', [...CRUD, 'export'] as const),
  operationLog: codes('operation-log', ['list', 'export'] as const),
  merchant: codes('merchant', [...CRUD, 'import', 'export', 'reveal'] as const),
  store: codes('store', [...CRUD, 'import', 'export'] as const),
  deviceType: codes('device-type', [...CRUD, 'export'] as const),
  deviceModel: codes('device-model', [...CRUD, 'export'] as const),
  device: codes('device', [
    ...CRUD,
    'import',
    'export',
    /** Bind a machine to a merchant and a store, or unbind it. */
    'bind',
    /** Issue a new machine secret (the old one stops working). */
    'credentials',
    'lock',
    'unlock',
    'startup',
    'shutdown',
    'restart',
    /** Send a preset debugging command. */
    'debug',
  ] as const),
  deviceCommand: codes('device-command', ['list', 'export'] as const),
  deviceLog: codes('device-log', ['list', 'export'] as const),
  productionRecord: codes('production-record', ['list', 'export'] as const),
  faultLog: codes('fault-log', ['list', 'export'] as const),
  cleaningRecord: codes('cleaning-record', ['list', 'export'] as const),
  channelType: codes('channel-type', CRUD),
  channelConfig: codes('channel-config', [...CRUD, 'import', 'export', 'distribute'] as const),
  deviceChannel: codes('device-channel', [
    ...CRUD,
    'export',
    /** Mark channels refilled (store staff do it; editing a channel is `update`). */
    'refill',
  ] as const),
  presetCommand: codes('preset-command', CRUD),
  commandConfig: codes('command-config', ['list', 'update'] as const),
  productType: codes('product-type', CRUD),
  materialType: codes('material-type', CRUD),
  material: codes('material', [...CRUD, 'import', 'export'] as const),
  smallMaterialType: codes('small-material-type', CRUD),
  smallMaterial: codes('small-material', CRUD),
  snackType: codes('snack-type', CRUD),
  snack: codes('snack', [...CRUD, 'export'] as const),
  optionType: codes('option-type', CRUD),
  option: codes('option', CRUD),
  productParameter: codes('product-parameter', ['list', 'update'] as const),
  codeRule: codes('code-rule', CRUD),
  extraProductType: codes('extra-product-type', CRUD),
  extraProduct: codes('extra-product', [...CRUD, 'export'] as const),
  product: codes('product', [...CRUD, 'import', 'export'] as const),
  storeProduct: codes('store-product', CRUD),
  machineProduct: codes('machine-product', CRUD),
  /** Menu versions for a store or machines: build, push (again), roll back (in their menu buttons' order). */
  menuRelease: codes('menu-release', ['list', 'create', 'push', 'rollback', 'delete'] as const),
  /** Taxes (issue 11); `preview`: the Tax Center's calculator (an order's tax lines, nothing stored). */
  tax: codes('tax', [...CRUD, 'export', 'preview'] as const),
  taxAllocation: codes('tax-allocation', CRUD),
  /**
   * Orders (issue 11): read, export, refund (whole or per line, at most what was paid), and cancel
   * one not yet made (waiting payment or paid).
   */
  order: codes('order', ['list', 'export', 'refund', 'cancel'] as const),
  /**
   * Members (issue 12): a merchant's customers. `wallet`: adjust a wallet by a signed amount with a
   * reason (`POST /api/coffee/member/wallet`); `points`: the same for points.
   */
  member: codes('member', [...CRUD, 'export', 'wallet', 'points'] as const),
  /** The wallet and points ledgers (append-only; read and exported, never edited). */
  walletEntry: codes('wallet-entry', ['list', 'export'] as const),
  pointsEntry: codes('points-entry', ['list', 'export'] as const),
  pointsRule: codes('points-rule', CRUD),
  /** Coupon definitions; `grant`: give one to a member from the console. */
  coupon: codes('coupon', [...CRUD, 'export', 'grant'] as const),
  /** The coupons members hold (valid from/to, used on which order). */
  memberCoupon: codes('member-coupon', ['list', 'export'] as const),
  /** The ordering app: its banners, and its settings per merchant (name, logo, privacy, compensation). */
  appBanner: codes('app-banner', CRUD),
  appSetting: codes('app-setting', ['list', 'create', 'update'] as const),
  /** The platform's background jobs (platform administrator only): see them, run one now. */
  platformJob: codes('platform-job', ['list', 'run'] as const),
  /** The delivery platform (issue 13): the Uber Eats binding, bound stores (`sync`: upload the menu now), takeout products, the listing's log. */
  uberAccount: codes('uber-account', [...CRUD, 'reveal'] as const),
  deliveryStore: codes('delivery-store', [...CRUD, 'sync'] as const),
  takeoutProduct: codes('takeout-product', [...CRUD, 'import', 'export'] as const),
  deliveryListingChange: codes('delivery-listing-change', ['list', 'export'] as const),
  /**
   * The data center (issue 17): one code per statistics page (contracts data-center.ts STAT_PAGES),
   * `export` for any page's export, `drift` the extraction drift page, `dashboard` the big-screen
   * dashboards (/operation, /dataShow) for a signed-in user, `rebuild` the rollups counted again from
   * raw rows (platform).
   */
  stats: codes('stats', [...STAT_PAGE_NAMES, 'export', 'drift', 'dashboard', 'rebuild'] as const),
  /**
   * Extraction-quality profiles per machine model (and recipe), and refractometer calibration readings;
   * `estimate`: the data center's calculator (a described cup's TDS, yield and label, nothing stored).
   */
  extractionProfile: codes('extraction-profile', [...CRUD, 'estimate'] as const),
  calibrationReading: codes('calibration-reading', CRUD),
  /** Display links: read-only, expiring, revocable addresses of the dashboards for a lobby screen. */
  displayLink: codes('display-link', CRUD),
} as const;

/**
 * What a merchant's administrator account may do when the merchant is created: its own staff,
 * roles, organizations and log, its stores, and sub-merchants below it. Menus stay the platform's.
 */
export const MERCHANT_ADMIN_CODES: string[] = [
  ...Object.values(P.account),
  ...Object.values(P.role),
  ...Object.values(P.organization),
  ...Object.values(P.operationLog),
  P.merchant.list,
  P.merchant.create,
  P.merchant.update,
  P.merchant.export,
  P.merchant.reveal,
  ...Object.values(P.store),
  // Machines: the platform registers them; a merchant runs its own, binds them to its stores and
  // configures their channels.
  P.deviceType.list,
  P.deviceModel.list,
  P.device.list,
  P.device.update,
  P.device.export,
  P.device.bind,
  P.device.credentials,
  P.device.lock,
  P.device.unlock,
  P.device.startup,
  P.device.shutdown,
  P.device.restart,
  P.device.debug,
  ...Object.values(P.deviceCommand),
  ...Object.values(P.deviceLog),
  ...Object.values(P.productionRecord),
  ...Object.values(P.faultLog),
  ...Object.values(P.cleaningRecord),
  P.channelType.list,
  ...Object.values(P.channelConfig),
  ...Object.values(P.deviceChannel),
  P.presetCommand.list,
  // The catalog and menus: a merchant defines what its machines sell (the recipe parameters are the
  // platform's).
  ...Object.values(P.productType),
  ...Object.values(P.materialType),
  ...Object.values(P.material),
  ...Object.values(P.smallMaterialType),
  ...Object.values(P.smallMaterial),
  ...Object.values(P.snackType),
  ...Object.values(P.snack),
  ...Object.values(P.optionType),
  ...Object.values(P.option),
  P.productParameter.list,
  ...Object.values(P.codeRule),
  ...Object.values(P.extraProductType),
  ...Object.values(P.extraProduct),
  ...Object.values(P.product),
  ...Object.values(P.storeProduct),
  ...Object.values(P.machineProduct),
  ...Object.values(P.menuRelease),
  // Taxes: a merchant configures its own and previews orders with them.
  ...Object.values(P.tax),
  ...Object.values(P.taxAllocation),
  // Orders: a merchant reads its sales and refunds them.
  ...Object.values(P.order),
  // Members, their wallets, points and coupons, and the ordering app: a merchant's own customers.
  ...Object.values(P.member),
  ...Object.values(P.walletEntry),
  ...Object.values(P.pointsEntry),
  ...Object.values(P.pointsRule),
  ...Object.values(P.coupon),
  ...Object.values(P.memberCoupon),
  ...Object.values(P.appBanner),
  ...Object.values(P.appSetting),
  // The delivery platform: a merchant binds its own Uber Eats stores and chooses what they sell.
  ...Object.values(P.uberAccount),
  ...Object.values(P.deliveryStore),
  ...Object.values(P.takeoutProduct),
  ...Object.values(P.deliveryListingChange),
  // The data center: a merchant's own figures, quality profiles, calibration and display links.
  ...Object.values(P.stats).filter((code) => code !== P.stats.rebuild),
  ...Object.values(P.extractionProfile),
  ...Object.values(P.calibrationReading),
  ...Object.values(P.displayLink),
];

/** Every code declared above, for checks and the platform administrator. */
export const ALL_PERMISSION_CODES: string[] = Object.values(P).flatMap((group) => Object.values(group));

/**
 * Fixed routes: tab pages that are not menu entries (spec §2 "Main layout": /device-detail,
 * /device-detailautomatic, /machine-bind-chargingBasket …). They are reached from other screens,
 * never from the sidebar, so the nav tree cannot name them. Each names the permission code that
 * opens it; with it the guard and the tabs view treat the route like a menu page, titled from the
 * locales; without it the route is a 404, as an unknown menu url is.
 */
import { P } from '@brewfleet/contracts/permissions';
import type { Screen } from './screen';

export interface FixedRoute extends Screen {
  /** The code a user must hold to open the page. */
  permission: string;
  /** i18n key of the tab title. */
  title: string;
}

export const FIXED_ROUTES: Record<string, FixedRoute> = {
  'device-detail': {
    load: () =>
      import('../../features/device-detail/DeviceDetailPages').then((m) => ({
        default: m.SemiAutomaticDetailPage,
      })),
    permission: P.device.list,
    title: 'fixedRoutes.deviceDetail',
  },
  'device-detailautomatic': {
    load: () =>
      import('../../features/device-detail/DeviceDetailPages').then((m) => ({
        default: m.AutomaticDetailPage,
      })),
    permission: P.device.list,
    title: 'fixedRoutes.deviceDetailAutomatic',
  },
  'machine-bind-chargingBasket': {
    load: () => import('../../features/device-channels/MachineChannelsPage'),
    permission: P.deviceChannel.list,
    title: 'fixedRoutes.machineChannels',
  },
  // An order (issue 11), opened from the Order List's order number.
  'order-detail': {
    load: () => import('../../features/orders/OrderDetailPage'),
    permission: P.order.list,
    title: 'orders.detail.title',
  },
  // The product flow (issue 6): one wizard per family, copy and edit (features/products/wizard-routes.ts).
  'produce-name-create': {
    load: () =>
      import('../../features/products/ProductFlowPages').then((m) => ({ default: m.CoffeeCreatePage })),
    permission: P.product.create,
    title: 'productRoutes.coffee',
  },
  'produce-three-name-create': {
    load: () =>
      import('../../features/products/ProductFlowPages').then((m) => ({ default: m.TeaCreatePage })),
    permission: P.product.create,
    title: 'productRoutes.tea',
  },
  'produce-blender-create': {
    load: () =>
      import('../../features/products/ProductFlowPages').then((m) => ({ default: m.BlenderCreatePage })),
    permission: P.product.create,
    title: 'productRoutes.blender',
  },
  'produce-four-name-create': {
    load: () =>
      import('../../features/products/ProductFlowPages').then((m) => ({ default: m.MilkFrotherCreatePage })),
    permission: P.product.create,
    title: 'productRoutes.milkFrother',
  },
  'produce-four-name-copy': {
    load: () =>
      import('../../features/products/ProductFlowPages').then((m) => ({ default: m.CopyProductPage })),
    permission: P.product.create,
    title: 'productRoutes.copy',
  },
  'produce-name-addProduce': {
    load: () =>
      import('../../features/products/ProductFlowPages').then((m) => ({ default: m.AddProductPage })),
    permission: P.product.create,
    title: 'productRoutes.add',
  },
  'produce-name-editProduce': {
    load: () =>
      import('../../features/products/ProductFlowPages').then((m) => ({ default: m.EditProductPage })),
    permission: P.product.update,
    title: 'productRoutes.edit',
  },
  // A takeout product of the delivery platform (issue 13), opened from the takeout product list.
  'produce-takeout-addProduce': {
    load: () =>
      import('../../features/delivery/TakeoutProductPages').then((m) => ({
        default: m.AddTakeoutProductPage,
      })),
    permission: P.takeoutProduct.create,
    title: 'delivery.routes.add',
  },
  'produce-takeout-editProduce': {
    load: () =>
      import('../../features/delivery/TakeoutProductPages').then((m) => ({
        default: m.EditTakeoutProductPage,
      })),
    permission: P.takeoutProduct.update,
    title: 'delivery.routes.edit',
  },
};

/** The fixed route of that name when the user may open it, else null. */
export function allowedFixedRoute(name: string, permissions: readonly string[]): FixedRoute | null {
  const route = Object.hasOwn(FIXED_ROUTES, name) ? FIXED_ROUTES[name] : undefined;
  return route && permissions.includes(route.permission) ? route : null;
}

/**
 * Permission codes. Each protected route names one; menus of type button carry them, and roles grant
 * them through their menu ids. `P.account.create` is 'coffee:account:create'.
 */
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
];

/** Every code declared above, for checks and the platform administrator. */
export const ALL_PERMISSION_CODES: string[] = Object.values(P).flatMap((group) => Object.values(group));

/** Where the menu screens link to each other. */
const q = (value: unknown) => encodeURIComponent(String(value));

/** Menu distribution with the progress of one release open. */
export const releaseProgressPath = (releaseId: unknown) => `/menu-distribution?releaseId=${q(releaseId)}`;

/** The Store Menu screen with a store chosen. */
export const storeMenuPath = (storeId: unknown) => `/menu-store?storeId=${q(storeId)}`;

/**
 * How a display link's token travels (contracts dashboard-api.ts): the header of the display API,
 * the address parameter the console reads it from, and the API's prefix. No imports: the console's
 * routing reads these on every navigation, from its entry chunk.
 */
/** The header a display link's token travels in, and the address parameter the console reads it from. */
export const DISPLAY_TOKEN_HEADER = 'x-display-token';
export const DISPLAY_TOKEN_PARAM = 'display';
/** The public prefix of the display link's API (its own auth scheme). */
export const DISPLAY_API_PREFIX = '/api/display';

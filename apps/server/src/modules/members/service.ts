/**
 * The members module's service: what the ordering app's API (and the demo) ask of members, their
 * wallets, points, coupons and the app's content. Every function works in the caller's transaction
 * `tx` and sees what its scope sees; the tree walks (a member's merchants, the nearest app setting,
 * the sign-in lookup's chain) read the merchant tree as the system. Money is decimal strings.
 */
import { createProfileService } from './profiles.ts';
import { createWalletService } from './wallet.ts';
import { createPointsService } from './points.ts';
import { createCouponService } from './coupons.ts';
import { createAppContentService } from './app-content.ts';

export function createMembersService() {
  const profiles = createProfileService();
  const content = createAppContentService();
  return {
    createMember: profiles.createMember,
    loginOf: profiles.loginOf,
    profile: profiles.profile,
    merchantsOf: profiles.merchantsOf,
    caller: profiles.caller,
    wallet: createWalletService(),
    points: createPointsService(),
    coupons: createCouponService(),
    banners: content.banners,
    appSetting: content.appSetting,
    isAppImage: content.isAppImage,
  };
}
export type MembersService = ReturnType<typeof createMembersService>;

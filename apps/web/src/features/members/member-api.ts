/**
 * The console's calls on members that move money, points or coupons (contracts member-api.ts), each
 * with its `Idempotency-Key` header, and the member picker's search. They are quiet: the dialogs
 * show the server's refusal themselves, in the user's language, beside the form.
 */
import type {
  CouponGrantBody,
  CouponGrantResult,
  MemberPointsBody,
  MemberPointsResult,
  MemberWalletBody,
  MemberWalletResult,
} from '@brewfleet/contracts/member-api';
import type { SelectOption } from '@brewfleet/contracts/resource';
import { request } from '../../api/client';

const post = <T>(url: string, data: unknown, idempotencyKey: string) =>
  request<T>({ method: 'POST', url, data, headers: { 'Idempotency-Key': idempotencyKey }, quiet: true });

export const memberApi = {
  wallet: (body: MemberWalletBody, key: string) =>
    post<MemberWalletResult>('/coffee/member/wallet', body, key),
  points: (body: MemberPointsBody, key: string) =>
    post<MemberPointsResult>('/coffee/member/points', body, key),
  grant: (body: CouponGrantBody, key: string) => post<CouponGrantResult>('/coffee/coupon/grant', body, key),
  /** Members whose name or phone contains the keyword (the picker asks as the user types). */
  find: (keyword: string) =>
    request<SelectOption[]>({
      method: 'GET',
      url: '/coffee/member/select',
      params: keyword ? { keyword } : {},
    }),
};

/** The pages that list one member's entries, as the Membership List's links open them. */
export const memberPaths = {
  wallet: (memberId: unknown) => `/member-wallet?memberId=${encodeURIComponent(String(memberId))}`,
  points: (memberId: unknown) => `/member-points?memberId=${encodeURIComponent(String(memberId))}`,
  coupons: (memberId: unknown) => `/coupon-member?memberId=${encodeURIComponent(String(memberId))}`,
};

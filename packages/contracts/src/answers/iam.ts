/** Answers of sign-in, the menus, the home page and the account area (CONTRACT §4). */
import { z } from 'zod';
import { PARTNER_TYPES } from '../enums.ts';
import type { MenuNode } from '../menu-seed.ts';
import { idAnswer, instantAnswer } from './envelope.ts';

/** `GET /api/auth/publicKey`: the RSA key sensitive fields are encrypted with (PEM, SPKI). */
export const publicKeyAnswer = z.object({ publicKey: z.string() });

/** `POST /api/auth/doLogin`: the token to send as the `token` header. */
export const loginAnswer = z.object({ tokenValue: z.string() });

/** `GET /api/auth/getUserInfo`. */
export const userInfoAnswer = z.object({
  userId: idAnswer,
  account: z.string(),
  name: z.string(),
  /** The user's store, else merchant; "0" for the platform. */
  partnerId: idAnswer,
  partnerType: z.enum(PARTNER_TYPES),
  partnerName: z.string(),
  /** Where the navbar loads the logo of the user's merchant; null without one. */
  partnerIcon: z.string().nullable(),
  superAdmin: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoAnswer>;

/** A node of the menu trees (`menu/nav`, `menu`, `role/menu-tree`). */
export const menuNodeAnswer: z.ZodType<MenuNode> = z.object({
  id: idAnswer,
  menuId: idAnswer,
  parentId: idAnswer,
  name: z.string(),
  twName: z.string(),
  enName: z.string(),
  url: z.string(),
  perms: z.string(),
  icon: z.string(),
  type: z.number().int(),
  orderNum: z.number().int(),
  level: z.number().int(),
  get menuList() {
    return z.array(menuNodeAnswer);
  },
});
export const menuTreeAnswer = z.array(menuNodeAnswer);

/** A node of `GET /api/coffee/menu/select`: directories and pages, for a parent picker. */
export interface MenuOption {
  id: string;
  parentId: string;
  value: string;
  label: string;
  type: number;
  children: MenuOption[];
}
export const menuOptionAnswer: z.ZodType<MenuOption> = z.object({
  id: idAnswer,
  parentId: idAnswer,
  value: idAnswer,
  label: z.string(),
  type: z.number().int(),
  get children() {
    return z.array(menuOptionAnswer);
  },
});
export const menuOptionsAnswer = z.array(menuOptionAnswer);

/** `GET /api/coffee/user/permission`: the user's permission codes, sorted. */
export const permissionsAnswer = z.array(z.string());

/** A node of `GET /api/coffee/organization/tree`. */
export interface OrganizationNode {
  id: string;
  parentId: string;
  name: string;
  type: string | null;
  status: string | null;
  contact: string | null;
  phone: string | null;
  description: string | null;
  orderNum: number | null;
  children: OrganizationNode[];
}
export const organizationNodeAnswer: z.ZodType<OrganizationNode> = z.object({
  id: idAnswer,
  parentId: idAnswer,
  name: z.string(),
  type: z.string().nullable(),
  status: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  orderNum: z.number().int().nullable(),
  get children() {
    return z.array(organizationNodeAnswer);
  },
});
export const organizationTreeAnswer = z.array(organizationNodeAnswer);

/** `GET /api/coffee/home/summary`: counts are null when the user may not list that resource. */
export const homeSummaryAnswer = z.object({
  accounts: z.number().int().nullable(),
  roles: z.number().int().nullable(),
  organizations: z.number().int().nullable(),
  menus: z.number().int().nullable(),
  /** Operation-log items (the operation-log resource's item). */
  recentOperations: z.array(z.record(z.string(), z.unknown())),
  /** This sign-in. */
  lastLoginAt: instantAnswer.nullable(),
  /** The sign-in before this one; null on a first sign-in. */
  previousLoginAt: instantAnswer.nullable(),
});
export type HomeSummary = z.infer<typeof homeSummaryAnswer>;

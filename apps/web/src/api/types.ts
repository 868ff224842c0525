/** Shapes of the answers the console reads (CONTRACT §4). */
import type { PartnerType } from '@brewfleet/contracts/enums';

export interface UserInfo {
  userId: string;
  account: string;
  name: string;
  partnerId: string | null;
  partnerType: PartnerType;
  partnerName: string | null;
  partnerIcon: string | null;
}

/** A node of `GET /api/coffee/menu/nav` and `GET /api/coffee/menu`: declared once, in the contracts. */
export type { MenuNode } from '@brewfleet/contracts';

export interface TreeOption {
  value: string;
  label: string;
  children?: TreeOption[];
}

export interface OrganizationNode {
  id: string;
  name: string;
  type: string;
  status: string;
  children?: OrganizationNode[];
}

export type Row = Record<string, unknown> & { id: string };

/** Counts are null when the user may not list that resource. */
export interface HomeSummary {
  accounts: number | null;
  roles: number | null;
  organizations: number | null;
  menus: number | null;
  recentOperations: Row[];
  /** This sign-in. */
  lastLoginAt: string | null;
  /** The sign-in before this one; null on a first sign-in. */
  previousLoginAt: string | null;
}

export interface ImportResult {
  total: number;
  imported: number;
  errors: Array<{ row: number; field?: string; message: string }>;
}

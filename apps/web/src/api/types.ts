/** Shapes of the answers the console reads (CONTRACT §4): declared once, in the contracts' answers. */
export type { HomeSummary, MenuOption, OrganizationNode, UserInfo } from '@brewfleet/contracts/answers/iam';
export type { ImportResult } from '@brewfleet/contracts/answers/platform';

/** A node of `GET /api/coffee/menu/nav` and `GET /api/coffee/menu`: declared once, in the contracts. */
export type { MenuNode } from '@brewfleet/contracts';

export type Row = Record<string, unknown> & { id: string };

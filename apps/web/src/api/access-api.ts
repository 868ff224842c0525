/** The special access-management calls beside the generic resource endpoints (CONTRACT §4). */
import type { SelectOption } from '@brewfleet/contracts/resource';
import { http } from './client';
import { encryptSecret } from './encrypt';
import type { HomeSummary, MenuNode, MenuOption, OrganizationNode } from './types';

export async function resetAccountPassword(id: string, password: string): Promise<void> {
  await http.post('/coffee/account/resetPassword', { id, password: await encryptSecret(password) });
}

export const authorizeRole = (id: string, menuIdList: string[]) =>
  http.post<unknown>('/coffee/role/authorize', { id, menuIdList });

export const fetchMenuTree = () => http.get<MenuNode[]>('/coffee/menu');
/** What the caller may grant to a role (needs only `coffee:role:authorize`). */
export const fetchGrantableMenuTree = () => http.get<MenuNode[]>('/coffee/role/menu-tree');
export const fetchMenuSelectTree = () => http.get<MenuOption[]>('/coffee/menu/select');
export const fetchOrganizationTree = () => http.get<OrganizationNode[]>('/coffee/organization/tree');
export const fetchHomeSummary = () => http.get<HomeSummary>('/coffee/home/summary');
export type { SelectOption };

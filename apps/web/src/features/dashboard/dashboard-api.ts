/**
 * The dashboards' figures (contracts dashboard-api.ts): a display link's through `/api/display/query`
 * with its token in `X-Display-Token`, a signed-in user's through `/api/coffee/dashboard/figures`;
 * and the address of the matching live stream (an EventSource sends no header: the link's token
 * rides in the address, the session in the `token` cookie).
 */
import type { DashboardAnswer, DashboardBoard } from '@brewfleet/contracts/dashboard-api';
import { DISPLAY_TOKEN_PARAM } from '@brewfleet/contracts/dashboard-api';
import { API_BASE, http } from '../../api/client';

export type { DashboardAnswer, DashboardBoard };

export function fetchDashboard(board: DashboardBoard, token: string | null): Promise<DashboardAnswer> {
  return token
    ? http.post<DashboardAnswer>(
        '/display/query',
        { board },
        { headers: { 'X-Display-Token': token }, quiet: true },
      )
    : http.get<DashboardAnswer>('/coffee/dashboard/figures', { board });
}

export const dashboardLiveUrl = (token: string | null) =>
  token
    ? `${API_BASE}/display/live?${new URLSearchParams({ [DISPLAY_TOKEN_PARAM]: token }).toString()}`
    : `${API_BASE}/coffee/dashboard/live`;

/**
 * A dashboard's figures, kept fresh: loaded once, again when the live stream says so (the data
 * center's rollups merged, a machine changed state), and every DASHBOARD_REFRESH_SECONDS whatever
 * it hears (a stream lost behind a proxy still leaves a screen at most a minute behind).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DASHBOARD_REFRESH_SECONDS } from '@brewfleet/contracts/dashboard-api';
import { dashboardLiveUrl, fetchDashboard, type DashboardBoard } from './dashboard-api';
import { displayTokenOf } from './display-mode';

export function useDisplayToken(): string | null {
  const { pathname, search } = useLocation();
  return displayTokenOf(pathname, search);
}

export function useDashboard(board: DashboardBoard) {
  const token = useDisplayToken();
  const client = useQueryClient();
  const key = ['dashboard', board, token ?? 'session'];
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchDashboard(board, token),
    refetchInterval: DASHBOARD_REFRESH_SECONDS * 1000,
    refetchIntervalInBackground: true,
    retry: false,
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(dashboardLiveUrl(token));
    source.onmessage = (event) => {
      if (String(event.data).includes('"refresh"')) void client.invalidateQueries({ queryKey: key });
    };
    return () => source.close();
    // The key is made of board and token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [board, token, client]);

  return { ...query, token };
}

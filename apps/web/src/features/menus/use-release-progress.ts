/**
 * One release's progress, live: polled while machines are still to answer, and moved between polls
 * by the shared live stream of its machines (use-device-live.ts). A machine reaching an end by a live
 * event is read again at once, for what events do not carry (a rejection's details, the counts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { resourceKeys } from '../../resources/use-ref-options';
import { isFinal } from '../device/command-tracker';
import { useDeviceLive } from '../device/use-device-live';
import { menuApi } from './menu-api';
import { mergeProgress, progressKey, summarize, toProgressPage, type ProgressPage } from './progress-merge';

/** Machines under way are read often; machines that are offline change only when they come back. */
const UNDER_WAY_POLL_MS = 3_000;
const WAITING_POLL_MS = 10_000;

export function pollInterval(page: ProgressPage | undefined): number | false {
  if (!page) return false;
  const summary = summarize(page);
  if (summary.underWay) return UNDER_WAY_POLL_MS;
  return summary.waiting ? WAITING_POLL_MS : false;
}

export function useReleaseProgress(releaseId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: progressKey(releaseId ?? ''),
    queryFn: async () => toProgressPage(await menuApi.progress(releaseId!)),
    enabled: !!releaseId,
    structuralSharing: mergeProgress,
    refetchInterval: (q) => pollInterval(q.state.data as ProgressPage | undefined),
  });
  const page = releaseId ? (query.data as ProgressPage | undefined) : undefined;
  const deviceIds = useMemo(() => page?.list.map((row) => row.deviceId) ?? [], [page]);
  const live = useDeviceLive(deviceIds);

  const finished = page?.list.filter((row) => isFinal(row.state)).length ?? 0;
  const seen = useRef({ releaseId, finished });
  const { refetch } = query;
  useEffect(() => {
    const before = seen.current;
    seen.current = { releaseId, finished };
    if (before.releaseId !== releaseId || finished <= before.finished) return;
    void refetch();
    // The list's counts and state follow.
    void queryClient.invalidateQueries({ queryKey: [...resourceKeys.all('menu-release'), 'list'] });
  }, [releaseId, finished, refetch, queryClient]);

  return { page, live, loading: query.isFetching, refetch };
}

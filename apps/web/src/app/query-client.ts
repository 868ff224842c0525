import { QueryClient } from '@tanstack/react-query';

/** Errors are toasted by the HTTP client, so queries do not retry a failed call on their own. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

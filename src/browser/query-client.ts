import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { getQueryFn } from '../lib/api-client';

/** The defaults of spec §7/§9: no retries, no refetch on focus or interval, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** One client per page in the browser, shared by every island on it; a fresh one per server render. */
export function queryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/**
 * What a contract's query hook lets its caller add to the contract's own options (key and
 * fetcher stay the contract's): initial data, `enabled`, refetching. As in bulletproof-react.
 */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

/** What a contract's mutation hook lets its caller add: onSuccess, onError and the like. */
export type MutationConfig<F extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<F>>, Error, Parameters<F> extends [] ? void : Parameters<F>[0]>,
  'mutationFn'
>;

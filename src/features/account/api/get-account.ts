import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Wire } from '../../../lib/wire';
import type { accountFor } from '../../../server/subscriptions/account';

/** GET /api/account: whom the server takes the visitor to be. Only a verified subscriber has a status worth showing. */
export type Account = Wire<Awaited<ReturnType<typeof accountFor>>>;

export function getAccount(): Promise<Account> {
  return apiGet<Account>('/api/account');
}

export function accountQueryOptions() {
  return queryOptions({ queryKey: ['/api/account'], queryFn: getAccount });
}

export function useAccount({ enabled }: { enabled: boolean }) {
  return useQuery({ ...accountQueryOptions(), enabled });
}

import { adminEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** Whether the caller may use /admin (the server refuses every admin call to anyone else anyway). */
export function useAdminAccess(userId: string) {
  return useQuery({
    queryKey: adminKeys.access(userId),
    queryFn: ({ signal }) => call(adminEndpoints.access, {}, { signal }),
  });
}

import { certificateEndpoints, certificateMessages, errorCodes, type MonthlyUsage } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';
import { certificateKeys } from './query-keys.ts';

/** GET /api/certificates/usage: completed certificates this month, and the plan's limit. */
function fetchMonthlyUsage(signal?: AbortSignal): Promise<MonthlyUsage> {
  return call(certificateEndpoints.usage, {}, { signal });
}

const monthlyUsageQueryOptions = (userId: string) =>
  queryOptions({ queryKey: certificateKeys.usage(userId), queryFn: ({ signal }) => fetchMonthlyUsage(signal) });

export function useMonthlyUsage(userId: string) {
  return useQuery(monthlyUsageQueryOptions(userId));
}

/**
 * The early monthly-limit check before completing (PRODUCT.md, Plans): it throws the same error the server
 * would, so the user hears about it before waiting for a save. It fails open: if the usage cannot
 * be read, the save goes ahead and the server decides.
 */
export async function assertUnderMonthlyLimit(): Promise<void> {
  const usage = await fetchMonthlyUsage().catch(() => undefined);
  if (usage && usage.limit !== null && usage.completed >= usage.limit) {
    throw new ApiError(403, errorCodes.monthlyLimitReached, certificateMessages.monthlyLimit);
  }
}

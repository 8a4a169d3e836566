import { ACTIVITY_PAGE_SIZE, type DocumentKind, teamEndpoints } from '@app/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { pagedListOptions } from '../../../lib/paged-lists.ts';
import { teamQueryKey } from '../../../lib/team/team.ts';

export type ActivityFilter = { member?: string; kind?: DocumentKind };

/** Under the team's key, per filter: whatever refreshes the team refreshes its activity (ADR 0090). */
const activityKey = (userId: string, filter: ActivityFilter) => [...teamQueryKey(userId), 'activity', filter] as const;

/** GET /api/team/activity (owner only): what the business's members did, newest first, page after page. */
export function useActivity(userId: string, filter: ActivityFilter) {
  return useInfiniteQuery({
    ...pagedListOptions(activityKey(userId, filter), (cursor, signal) =>
      call(teamEndpoints.activity, { query: { ...filter, limit: String(ACTIVITY_PAGE_SIZE), cursor } }, { signal }),
    ),
    enabled: userId !== '',
  });
}

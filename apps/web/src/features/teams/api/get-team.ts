import { teamEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { teamKey } from './team-keys.ts';

/** GET /api/team: the business, the caller's role in it, its members and its pending invitations. */
export const useTeam = (userId: string) =>
  useQuery({
    queryKey: teamKey(userId),
    queryFn: ({ signal }) => call(teamEndpoints.get, {}, { signal }),
    enabled: userId !== '',
  });

import { roleMay, type Team, type TeamSettings, teamEndpoints } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { useAuth } from '../auth/use-auth.ts';

/**
 * GET /api/team: the caller's role and the business's settings. In lib, not a feature: the
 * certificate screens (review before issue) and the page holding the setting both read it.
 */
const teamQueryKey = (userId: string) => ['team', userId] as const;

export function useTeam(): Team | undefined {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.session.user.id : '';
  return useQuery({
    queryKey: teamQueryKey(userId),
    queryFn: ({ signal }) => call(teamEndpoints.get, {}, { signal }),
    enabled: userId !== '',
  }).data;
}

/** Whether this member's Complete is a submit for review (ADR 0077, "Office reviews before issue"). */
export const submitsForReview = (team: Team | undefined): boolean =>
  team?.settings.review_before_issue === true && !roleMay(team.you.role, 'certificates.review');

/** Whether this member issues or sends back certificates in review, and sets the setting. */
export const reviewsCertificates = (team: Team | undefined): boolean =>
  team !== undefined && roleMay(team.you.role, 'certificates.review');

/** PATCH /api/team/settings (owner or office). */
export function useTeamSettingsMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TeamSettings) => call(teamEndpoints.settings, { body: settings }),
    onSuccess: (settings) =>
      queryClient.setQueryData<Team>(teamQueryKey(userId), (team) => team && { ...team, settings }),
  });
}

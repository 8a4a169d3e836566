import { roleMay, type Team, type TeamSettings, teamEndpoints } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { useAuth } from '../auth/use-auth.ts';

/**
 * GET /api/team: the business, the caller's role in it, its settings, members and invitations. In
 * lib, not a feature: the Team page and the certificate screens (review before issue) share one query.
 */

/** Per user, so one person's team is never shown to the next one signing in on this browser. */
export const teamQueryKey = (userId: string) => ['team', userId] as const;

/** The query itself, for a page that shows its loading and error states. */
export const useTeamQuery = (userId: string) =>
  useQuery({
    queryKey: teamQueryKey(userId),
    queryFn: ({ signal }) => call(teamEndpoints.get, {}, { signal }),
    enabled: userId !== '',
  });

/** The signed-in caller's team once loaded; screens that only adjust to the role read this. */
export function useTeam(): Team | undefined {
  const auth = useAuth();
  return useTeamQuery(auth.status === 'signed-in' ? auth.session.user.id : '').data;
}

/** Whether this member's Complete is a submit for review (ADR 0077, "Office reviews before issue"). */
export const submitsForReview = (team: Team | undefined): boolean =>
  team?.settings.review_before_issue === true && !roleMay(team.you.role, 'certificates.review');

/** Whether this member issues or sends back certificates in review, and sets the setting. */
export const reviewsCertificates = (team: Team | undefined): boolean =>
  team !== undefined && roleMay(team.you.role, 'certificates.review');

/** Whether this member changes the business's plan: the owner alone (ADR 0077). False while the team loads. */
export const changesThePlan = (team: Team | undefined): boolean =>
  team !== undefined && roleMay(team.you.role, 'billing.manage');

/** What office and field members are told where the owner would upgrade or manage Premium. */
export const ownerChangesThePlan = (premium: boolean): string =>
  premium
    ? 'Only the owner of your business can change or cancel it.'
    : 'Only the owner of your business can upgrade it to Premium.';

/** PATCH /api/team/settings (owner or office). */
export function useTeamSettingsMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TeamSettings) => call(teamEndpoints.settings, { body: settings }),
    onSuccess: (settings) =>
      queryClient.setQueryData<Team>(teamQueryKey(userId), (team) => team && { ...team, settings }),
  });
}

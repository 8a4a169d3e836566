import type { Profile } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { QueryView } from '../../../components/ui/QueryView.tsx';
import { profileQueryKey, useProfileQuery } from '../../../lib/profile/get-profile.ts';

/**
 * The shell of every profile screen: the screen once the profile is loaded, else a spinner, or the
 * error and a retry as soon as one attempt has failed (these screens edit the profile, so the basic
 * one will not do; the query's own retries go on behind, ADR 0064).
 */
export function WithProfile({ what, screen: Screen }: { what: string; screen: ComponentType<{ profile: Profile }> }) {
  const queryClient = useQueryClient();
  const { user, query } = useProfileQuery();
  const loading = {
    data: query.data,
    isError: query.isError || query.failureCount > 0,
    error: query.error ?? query.failureReason,
    // "Try again" asks now, rather than when the next retry is due.
    refetch: () => queryClient.resetQueries({ queryKey: profileQueryKey(user?.id ?? '') }),
  };
  return (
    <QueryView query={loading} what={what}>
      {(profile) => <Screen profile={profile} />}
    </QueryView>
  );
}

import type { Profile } from '@app/contract';
import type { ComponentType } from 'react';
import { QueryView } from '../../../components/ui/QueryView.tsx';
import { useProfileQuery } from '../../../lib/profile/get-profile.ts';

/** The shell of every profile screen: the screen once the profile is loaded, else a spinner or the error and a retry. */
export function WithProfile({ what, screen: Screen }: { what: string; screen: ComponentType<{ profile: Profile }> }) {
  const { query } = useProfileQuery();
  return (
    <QueryView query={query} what={what}>
      {(profile) => <Screen profile={profile} />}
    </QueryView>
  );
}

import type { Profile } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { keepProfileCopy, profileQueryKey } from './get-profile.ts';

/**
 * Profile writes run one after another, so their answers reach the cache in the order they were
 * made and the cache ends on the latest (TanStack Query runs mutations of one scope serially).
 */
export const PROFILE_WRITES = { id: 'profile-writes' };

/** Every profile write answers with the whole profile; it replaces the cached one, and the phone's copy. */
export function useStoreProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    keepProfileCopy(profile);
    return queryClient.setQueryData(profileQueryKey(profile.id), profile);
  };
}

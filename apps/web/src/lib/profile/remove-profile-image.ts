import { type Profile, type ProfileImageKind, profileEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { PROFILE_WRITES, useStoreProfile } from './profile-writes.ts';

/** DELETE /api/profile/{logo|signature}. */
function removeProfileImage(kind: ProfileImageKind): Promise<Profile> {
  return call(profileEndpoints.removeImage, { params: { kind } });
}

export function useRemoveProfileImageMutation(kind: ProfileImageKind, options: { onSuccess: () => void }) {
  const storeProfile = useStoreProfile();
  return useMutation({
    mutationFn: () => removeProfileImage(kind),
    onSuccess: (updated) => {
      storeProfile(updated);
      options.onSuccess();
    },
    scope: PROFILE_WRITES,
  });
}

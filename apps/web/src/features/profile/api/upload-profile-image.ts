import type { Profile, ProfileImageKind } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client.ts';
import { PROFILE_WRITES, useStoreProfile } from './profile-writes.ts';

/** PUT /api/profile/{logo|signature}: replaces the image, reporting the share sent so far. */
export function uploadProfileImage(
  kind: ProfileImageKind,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<Profile> {
  return apiUpload(`/api/profile/${kind}`, file, { method: 'PUT', onProgress });
}

export function useUploadProfileImageMutation(
  kind: ProfileImageKind,
  options: { onProgress: (fraction: number) => void; onSuccess: () => void; onSettled: () => void },
) {
  const storeProfile = useStoreProfile();
  return useMutation({
    mutationFn: (file: Blob) => uploadProfileImage(kind, file, options.onProgress),
    onSuccess: (updated) => {
      storeProfile(updated);
      options.onSuccess();
    },
    onSettled: options.onSettled,
    scope: PROFILE_WRITES,
  });
}

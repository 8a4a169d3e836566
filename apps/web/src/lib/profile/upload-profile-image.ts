import { type Profile, type ProfileImageKind, profileEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { callUpload } from '../api-upload.ts';
import { PROFILE_WRITES, useStoreProfile } from './profile-writes.ts';

/** PUT /api/profile/{logo|signature}: replaces the image, reporting the share sent so far. */
function uploadProfileImage(
  kind: ProfileImageKind,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<Profile> {
  return callUpload(profileEndpoints.replaceImage, { params: { kind }, file }, { onProgress });
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

import {
  COMMON_MATERIAL_MAX_LENGTH,
  commonMaterialProblem,
  type Profile,
  type ProfileImageKind,
  type ProfileUpdateRequest,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../components/ui/notifications/index.ts';
import { apiRequest, apiUpload } from '../api-client.ts';
import { requestErrorMessage } from '../request-errors.ts';
import { profileQueryKey } from './profile-query.ts';

/**
 * Profile writes run one after another, so their answers reach the cache in the order they were
 * made and the cache ends on the latest (TanStack Query runs mutations of one scope serially).
 */
const PROFILE_WRITES = { id: 'profile-writes' };

function useStoreProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) => queryClient.setQueryData(profileQueryKey(profile.id), profile);
}

/** PATCH /api/profile: changes only the fields sent; the answer replaces the cached profile. */
export function useUpdateProfile() {
  const storeProfile = useStoreProfile();
  return useMutation({
    mutationFn: (update: ProfileUpdateRequest) =>
      apiRequest<Profile>('/api/profile', { method: 'PATCH', body: update }),
    onSuccess: storeProfile,
    scope: PROFILE_WRITES,
  });
}

const imageText = {
  logo: {
    label: 'Logo',
    noun: 'logo',
    imageAlt: 'Your company logo',
    hint: 'Printed at the top of your certificates. A JPEG, PNG or WebP image.',
    savedToast: 'Logo saved',
    removedToast: 'Logo removed',
  },
  signature: {
    label: 'Signature',
    noun: 'signature',
    imageAlt: 'Your signature',
    hint: 'Signs your certificates. Draw it on screen, or upload a photo or scan of it (JPEG, PNG or WebP).',
    savedToast: 'Signature saved',
    removedToast: 'Signature removed',
  },
} as const satisfies Record<ProfileImageKind, Record<string, string>>;

/**
 * The logo or signature of `profile`, with everything an ImageField or SignatureField needs to
 * show, upload (with progress) and remove it.
 */
export function useProfileImage(profile: Profile, kind: ProfileImageKind) {
  const storeProfile = useStoreProfile();
  const [progress, setProgress] = useState<number | null>(null);
  const { savedToast, removedToast, ...text } = imageText[kind];
  const upload = useMutation({
    mutationFn: (file: Blob) =>
      apiUpload<Profile>(`/api/profile/${kind}`, file, { method: 'PUT', onProgress: setProgress }),
    onSuccess: (updated) => {
      storeProfile(updated);
      toast({ title: savedToast });
    },
    onSettled: () => setProgress(null),
    scope: PROFILE_WRITES,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest<Profile>(`/api/profile/${kind}`, { method: 'DELETE' }),
    onSuccess: (updated) => {
      storeProfile(updated);
      toast({ title: removedToast });
    },
    scope: PROFILE_WRITES,
  });
  // Only the latest attempt's failure is shown; starting another clears it.
  const failed = upload.isError ? upload.error : remove.isError ? remove.error : null;

  return {
    ...text,
    imageUrl: kind === 'logo' ? profile.logo_url : profile.signature_url,
    busy: upload.isPending ? ('uploading' as const) : remove.isPending ? ('removing' as const) : null,
    progress,
    error: failed ? requestErrorMessage(failed) : undefined,
    onFile: (file: Blob) => {
      remove.reset();
      return succeeded(upload.mutateAsync(file));
    },
    onRemove: () => {
      upload.reset();
      return succeeded(remove.mutateAsync());
    },
  };
}

/** True once `write` went through; its failure is shown from the mutation's state instead. */
const succeeded = (write: Promise<unknown>) =>
  write.then(
    () => true,
    () => false,
  );

/**
 * The common materials list as the user edits it, as props for a ListEditor and its SaveStatus.
 * Each change is saved at once (writes queue up in order); the list on screen is the user's, so
 * a failed save loses nothing and can be retried.
 */
export function useCommonMaterials(profile: Profile) {
  const [materials, setMaterials] = useState(profile.common_materials);
  const save = useUpdateProfile();
  const saveList = (list: string[]) => save.mutate({ common_materials: list });
  return {
    editor: {
      items: materials,
      onChange: (next: string[]) => {
        setMaterials(next);
        saveList(next);
      },
      validate: (candidate: string, replacing?: number) => commonMaterialProblem(materials, candidate, replacing),
      noun: 'material',
      addHint: 'Product and brand, e.g. “Ardex WPM 300 membrane, 2 coats”. Put the ones you use most at the top.',
      maxLength: COMMON_MATERIAL_MAX_LENGTH,
      emptyText: 'No materials yet. Add the membranes, primers and other products you use on most jobs.',
    },
    status: {
      saving: save.isPending,
      saved: save.isSuccess,
      error: save.isError ? requestErrorMessage(save.error) : undefined,
      onRetry: () => saveList(materials),
    },
  };
}

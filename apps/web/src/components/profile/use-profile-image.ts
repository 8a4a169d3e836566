import type { Profile, ProfileImageKind } from '@app/contract';
import { useState } from 'react';
import { useRemoveProfileImageMutation } from '../../lib/profile/remove-profile-image.ts';
import { useUploadProfileImageMutation } from '../../lib/profile/upload-profile-image.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { toast } from '../ui/notifications/index.ts';

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
  const [progress, setProgress] = useState<number | null>(null);
  const { savedToast, removedToast, ...text } = imageText[kind];
  const upload = useUploadProfileImageMutation(kind, {
    onProgress: setProgress,
    onSuccess: () => toast({ title: savedToast }),
    onSettled: () => setProgress(null),
  });
  const remove = useRemoveProfileImageMutation(kind, { onSuccess: () => toast({ title: removedToast }) });
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

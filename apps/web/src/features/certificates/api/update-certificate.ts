import { type Certificate, certificateEndpoints, type UpdateCertificateRequest } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { updateRequestOf } from '../certificate-form.ts';
import { rememberSavedCertificate } from './certificate-keys.ts';
import type { FormSave } from './create-certificate.ts';
import { submitForReview } from './submit-for-review.ts';

function updateCertificate(id: string, body: UpdateCertificateRequest): Promise<Certificate> {
  return call(certificateEndpoints.update, { params: { id }, body });
}

/**
 * Saves the form's changes to `certificate`; `amendmentReason` goes with an issued one's amendment.
 * With `forReview`, a complete is saved as a draft and submitted for review (ADR 0077).
 */
export function useUpdateCertificateMutation(
  userId: string,
  certificate: Certificate,
  amendmentReason: string,
  options: {
    onSuccess: (saved: Certificate) => void;
    onError: (error: unknown, save: FormSave) => void;
  },
  forReview = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, status }: FormSave) => {
      if (!forReview || status !== 'completed') {
        return updateCertificate(certificate.id, updateRequestOf(certificate, values, status, amendmentReason));
      }
      await updateCertificate(certificate.id, updateRequestOf(certificate, values, 'draft', amendmentReason));
      return submitForReview(certificate.id);
    },
    onSuccess: (saved) => {
      rememberSavedCertificate(queryClient, userId, saved);
      options.onSuccess(saved);
    },
    onError: options.onError,
  });
}

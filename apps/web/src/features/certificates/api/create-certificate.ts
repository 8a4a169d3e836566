import {
  type Certificate,
  type CreateCertificateRequest,
  certificateEndpoints,
  type WritableCertificateStatus,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type CertificateFormValues, createRequestOf } from '../certificate-form.ts';
import { rememberSavedCertificate } from './certificate-keys.ts';
import { assertUnderMonthlyLimit } from './get-monthly-usage.ts';
import { submitForReview } from './submit-for-review.ts';

function createCertificate(body: CreateCertificateRequest): Promise<Certificate> {
  return call(certificateEndpoints.create, { body });
}

/** A save from the certificate form. */
export type FormSave = { values: CertificateFormValues; status: WritableCertificateStatus };
/** A new certificate's save, with the id the form made for it. */
export type CertificateSave = FormSave & { clientId: string };

/**
 * Saves a new certificate from the form, checking the monthly limit first when it is completed.
 * With `forReview`, a complete is saved as a draft and submitted for review (ADR 0077).
 */
export function useCreateCertificateMutation(
  userId: string,
  options: { onSuccess: (certificate: Certificate) => void; onError: (error: unknown, save: CertificateSave) => void },
  forReview = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, status, clientId }: CertificateSave) => {
      if (forReview && status === 'completed') {
        const draft = await createCertificate(createRequestOf(values, userId, 'draft', clientId));
        return submitForReview(draft.id);
      }
      if (status === 'completed') await assertUnderMonthlyLimit();
      return createCertificate(createRequestOf(values, userId, status, clientId));
    },
    onSuccess: (certificate) => {
      rememberSavedCertificate(queryClient, userId, certificate);
      options.onSuccess(certificate);
    },
    onError: (error, save) => options.onError(error, save),
  });
}

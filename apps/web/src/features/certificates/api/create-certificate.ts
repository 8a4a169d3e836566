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

function createCertificate(body: CreateCertificateRequest): Promise<Certificate> {
  return call(certificateEndpoints.create, { body });
}

export type CertificateSave = { values: CertificateFormValues; status: WritableCertificateStatus };

/** Saves a new certificate from the form, checking the monthly limit first when it is completed. */
export function useCreateCertificateMutation(
  userId: string,
  options: { onSuccess: (certificate: Certificate) => void; onError: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, status }: CertificateSave) => {
      if (status === 'completed') await assertUnderMonthlyLimit();
      return createCertificate(createRequestOf(values, userId, status));
    },
    onSuccess: (certificate) => {
      rememberSavedCertificate(queryClient, userId, certificate);
      options.onSuccess(certificate);
    },
    onError: options.onError,
  });
}

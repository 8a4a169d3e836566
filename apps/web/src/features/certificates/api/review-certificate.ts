import { type Certificate, certificateEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { rememberSavedCertificate } from './certificate-keys.ts';

type ReviewStep = { action: 'issue' } | { action: 'send-back'; note: string };

/** The reviewer's step on a certificate in review: issue it (the ordinary complete) or send it back. */
export function useReviewMutation(
  userId: string,
  certificate: Certificate,
  options: { onSuccess: (saved: Certificate) => void; onError: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: ReviewStep) =>
      step.action === 'issue'
        ? call(certificateEndpoints.update, {
            params: { id: certificate.id },
            body: { revision: certificate.revision, status: 'completed' },
          })
        : call(certificateEndpoints.returnFromReview, { params: { id: certificate.id }, body: { note: step.note } }),
    onSuccess: (saved) => {
      rememberSavedCertificate(queryClient, userId, saved);
      options.onSuccess(saved);
    },
    onError: options.onError,
  });
}

import { certificateEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { forgetDeletedCertificate } from './certificate-keys.ts';

async function deleteCertificate(id: string): Promise<void> {
  await call(certificateEndpoints.delete, { params: { id } });
}

export function useDeleteCertificateMutation(
  userId: string,
  id: string,
  options: { onSuccess: () => void; onError: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCertificate(id),
    onSuccess: () => {
      forgetDeletedCertificate(queryClient, userId, id);
      options.onSuccess();
    },
    onError: options.onError,
  });
}

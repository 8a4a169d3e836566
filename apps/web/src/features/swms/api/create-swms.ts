import { type CreateSwmsRequest, type Swms, swmsEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { rememberSavedSwms } from './swms-keys.ts';

/** POST /api/swms: an empty SWMS, or one from a starter or a template. */
export function useCreateSwmsMutation(userId: string, onSuccess: (swms: Swms) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSwmsRequest) => call(swmsEndpoints.create, { body }),
    onSuccess: (swms) => {
      rememberSavedSwms(queryClient, userId, swms);
      onSuccess(swms);
    },
  });
}

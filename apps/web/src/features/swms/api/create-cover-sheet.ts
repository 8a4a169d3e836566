import { type CoverSheet, swmsEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { rememberSavedCoverSheet } from './swms-keys.ts';

/** POST /api/cover-sheets: a new sheet, filled in from the company profile. */
export function useCreateCoverSheetMutation(userId: string, onSuccess: (sheet: CoverSheet) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (swmsIds: string[]) => call(swmsEndpoints.createCoverSheet, { body: { swms_ids: swmsIds } }),
    onSuccess: (sheet) => {
      rememberSavedCoverSheet(queryClient, userId, sheet);
      onSuccess(sheet);
    },
  });
}

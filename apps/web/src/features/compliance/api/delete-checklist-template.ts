import { checklistTemplateEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { checklistTemplatesKey } from '../../../lib/checklist-templates.ts';

/** DELETE /api/checklist-templates/:id: certificates keep the copy they were saved with. */
export function useDeleteChecklistTemplateMutation(userId: string, onSuccess: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(checklistTemplateEndpoints.delete, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checklistTemplatesKey(userId) });
      onSuccess();
    },
  });
}

import { type CustomTemplate, type CustomTemplateRequest, checklistTemplateEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { checklistTemplatesKey } from '../../../lib/checklist-templates.ts';

/** PUT /api/checklist-templates/:id (Premium): the whole template replaced. */
export function useUpdateChecklistTemplateMutation(userId: string, onSuccess: (template: CustomTemplate) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CustomTemplateRequest }) =>
      call(checklistTemplateEndpoints.update, { params: { id }, body }),
    onSuccess: (template) => {
      void queryClient.invalidateQueries({ queryKey: checklistTemplatesKey(userId) });
      onSuccess(template);
    },
  });
}

import { type CustomTemplate, type CustomTemplateRequest, checklistTemplateEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { checklistTemplatesKey } from '../../../lib/checklist-templates.ts';

/** POST /api/checklist-templates (Premium). */
export function useCreateChecklistTemplateMutation(userId: string, onSuccess: (template: CustomTemplate) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomTemplateRequest) => call(checklistTemplateEndpoints.create, { body }),
    onSuccess: (template) => {
      void queryClient.invalidateQueries({ queryKey: checklistTemplatesKey(userId) });
      onSuccess(template);
    },
  });
}

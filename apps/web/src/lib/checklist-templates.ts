import { checklistTemplateEndpoints } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';

/*
 * GET /api/checklist-templates: the user's custom checklist templates. It lives in lib, not in
 * features/compliance, because the certificate form offers them too; their writes live in
 * features/compliance/api.
 */

/** Per user, so one person's templates are never shown to the next one signing in on this browser. */
export const checklistTemplatesKey = (userId: string) => ['checklist-templates', userId] as const;

const checklistTemplatesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: checklistTemplatesKey(userId),
    queryFn: async ({ signal }) => (await call(checklistTemplateEndpoints.list, {}, { signal })).templates,
  });

/** The user's custom templates; `enabled` false leaves them unread (e.g. signed out). */
export const useChecklistTemplates = (userId: string, enabled = true) =>
  useQuery({ ...checklistTemplatesQueryOptions(userId), enabled: enabled && userId !== '' });

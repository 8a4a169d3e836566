import type { CustomTemplateRequest } from '@app/contract';

/** A measured fall between 1:60 and 1:100: the check most custom templates are built around. */
export const balconyFallCheck = {
  kind: 'measure',
  label: 'Balcony fall to the outlet',
  unit: 'ratio',
  rule: { kind: 'fall', limits: { steepest: 60, flattest: 100 } },
} as const satisfies CustomTemplateRequest['stages'][number]['items'][number];

/** A member's own template with one stage, "Falls", holding the fall check (server and e2e tests). */
export const balconyTemplate = (name = 'Balcony procedure') => ({
  name,
  standard: 'Company procedure',
  stages: [{ title: 'Falls', items: [balconyFallCheck] }],
});

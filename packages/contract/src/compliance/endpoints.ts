import { z } from 'zod/mini';
import { okResponseSchema } from '../auth/auth.ts';
import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  customTemplateListSchema,
  customTemplateMessages,
  customTemplateRequestSchema,
  customTemplateSchema,
} from './custom-templates.ts';

// Any id string is accepted; one that is not a UUID is simply not found (404, not 400).
const idParams = z.object({ id: z.string().check(z.maxLength(100)) });

/**
 * Custom checklist templates (ADR 0038): Premium builds and edits them; anyone reads and deletes
 * their own, so a user who stopped paying still sees what they built.
 */
export const checklistTemplateEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/checklist-templates',
    auth: 'required',
    permission: 'checklistTemplates.use',
    summary: "The caller's custom checklist templates, by name",
    responses: { 200: customTemplateListSchema },
    errors: [],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/checklist-templates',
    auth: 'required',
    permission: 'checklistTemplates.edit',
    summary: 'Create a custom checklist template (Premium; at most 50 an account)',
    body: customTemplateRequestSchema,
    responses: { 201: customTemplateSchema },
    errors: [errorCodes.premiumRequired, errorCodes.conflict],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/checklist-templates/:id',
    auth: 'required',
    permission: 'checklistTemplates.use',
    summary: 'One of the caller’s custom checklist templates',
    params: idParams,
    notFound: customTemplateMessages.notFound,
    responses: { 200: customTemplateSchema },
    errors: [errorCodes.notFound],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/checklist-templates/:id',
    auth: 'required',
    permission: 'checklistTemplates.edit',
    summary: 'Replace a custom checklist template (Premium); certificates keep the copy they were saved with',
    params: idParams,
    notFound: customTemplateMessages.notFound,
    body: customTemplateRequestSchema,
    responses: { 200: customTemplateSchema },
    errors: [errorCodes.notFound, errorCodes.premiumRequired],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/checklist-templates/:id',
    auth: 'required',
    permission: 'checklistTemplates.edit',
    summary: 'Delete a custom checklist template; certificates keep the copy they were saved with',
    params: idParams,
    notFound: customTemplateMessages.notFound,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.notFound],
  }),
} as const;

import { z } from 'zod/mini';
import { uploadErrorCodes } from '../errors/errors.ts';
import { defineEndpoint, multipartUpload } from '../http/endpoint.ts';
import { profileImageKinds, profileSchema, profileUpdateRequestSchema } from './profile.ts';

const imageParams = z.object({ kind: z.enum(profileImageKinds) });

/** The company profile and its two images (PRODUCT.md, Records). */
export const profileEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/profile',
    auth: 'required',
    permission: 'company.view',
    apiTokens: 'read',
    summary: 'The company profile',
    responses: { 200: profileSchema },
    errors: [],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/profile',
    auth: 'required',
    permission: 'account.own',
    summary: 'Update the company profile; only the fields sent change',
    body: profileUpdateRequestSchema,
    responses: { 200: profileSchema },
    errors: [],
  }),
  replaceImage: defineEndpoint({
    method: 'PUT',
    path: '/api/profile/:kind',
    auth: 'required',
    permission: 'account.own',
    summary: 'Replace the logo or signature (multipart, one image file)',
    rateLimit: 'upload',
    params: imageParams,
    body: multipartUpload,
    responses: { 200: profileSchema },
    errors: uploadErrorCodes,
  }),
  removeImage: defineEndpoint({
    method: 'DELETE',
    path: '/api/profile/:kind',
    auth: 'required',
    permission: 'account.own',
    summary: 'Remove the logo or signature',
    params: imageParams,
    responses: { 200: profileSchema },
    errors: [],
  }),
} as const;
